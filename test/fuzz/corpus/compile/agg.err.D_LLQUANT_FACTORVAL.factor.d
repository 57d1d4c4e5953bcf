BEGIN { @a = llquantize(1, 1, 0, 2, 10); }
