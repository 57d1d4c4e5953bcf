BEGIN { @a = lquantize(1, 0, 10, 1); @a = lquantize(1, 0, 20, 1); }
