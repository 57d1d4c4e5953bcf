BEGIN { @a = llquantize(1, 10, -1, 2, 10); }
