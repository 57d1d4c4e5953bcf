BEGIN { trace(uregs["rax"]); }
