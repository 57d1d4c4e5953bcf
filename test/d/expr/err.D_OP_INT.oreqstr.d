/* |= of a string: D_OP_INT, as DTrace checks %= &= |= ^= <<= >>= */
BEGIN { x = 2; x |= "s"; }
