/* ?: of pointers to two structs: no compatible type (D_OP_INCOMPAT) */
BEGIN { x = arg0 ? curthread : curthread->mm; }
