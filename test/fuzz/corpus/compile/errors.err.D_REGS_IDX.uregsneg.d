BEGIN { trace(uregs[-1]); }
