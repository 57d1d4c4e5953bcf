/* a pointer takes one index, not a tuple */
BEGIN { p = (int *)alloca(8); trace(p[1, 2]); }
