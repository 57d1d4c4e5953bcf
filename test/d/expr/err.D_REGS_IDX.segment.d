BEGIN { trace(uregs[R_GS]); exit(0); }
