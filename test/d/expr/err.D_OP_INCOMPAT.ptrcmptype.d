/* pointers to different structs are not compared: DTrace's D_OP_INCOMPAT */
BEGIN { x = curthread == curthread->mm; }
