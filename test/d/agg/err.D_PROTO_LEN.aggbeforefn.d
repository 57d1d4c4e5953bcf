/* the keys are checked before the function: D_PROTO_LEN, not D_AGG_REDEF */
BEGIN { @a[1] = count(); @a[1, 2] = sum(1); }
