BEGIN { @a = lquantize(1, arg0, 10, 1); }
