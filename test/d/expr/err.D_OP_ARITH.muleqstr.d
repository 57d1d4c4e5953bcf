/* *= of a string: D_OP_ARITH, as DTrace checks *= and /= */
BEGIN { x = 2; x *= "s"; }
