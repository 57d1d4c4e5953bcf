/* the same keys with another function: D_AGG_REDEF */
BEGIN { @a["x", 1] = count(); @a["y", 2] = max(1); }
