/* uregs[] has 21 slots on x86_64 (struct pt_regs): R_SS, 20, is the last */
BEGIN { trace(uregs[21]); }
