BEGIN { @a = llquantize(1, 10, 0, arg0, 10); }
