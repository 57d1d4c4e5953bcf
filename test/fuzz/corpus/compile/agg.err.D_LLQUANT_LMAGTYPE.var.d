BEGIN { @a = llquantize(1, 10, arg0, 2, 10); }
