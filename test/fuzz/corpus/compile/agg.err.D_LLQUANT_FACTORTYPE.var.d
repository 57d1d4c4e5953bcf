BEGIN { @a = llquantize(1, arg0, 0, 2, 10); }
