/* x += 1 reads x: nothing declared or assigned it before (DTrace's
   D_VAR_UNDEF; x++ would make a new int64_t) */
BEGIN { x += 1; }
