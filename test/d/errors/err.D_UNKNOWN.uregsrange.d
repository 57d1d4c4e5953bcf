/*
 * uregs[] runs to R_TRAPNO, 25, on x86_64 (the 21 slots of struct
 * pt_regs, then %ds %es %fs %gs and the trap number): 26 is out of
 * bounds, DTrace's D_UNKNOWN "uregs[]: index out of bounds (26)".
 */
BEGIN { trace(uregs[26]); }
