BEGIN { @a = llquantize(1, 10, 0, 2, 10); @a = llquantize(1, 10, 0, 2, 20); }
