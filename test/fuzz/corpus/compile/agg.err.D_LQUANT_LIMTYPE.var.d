BEGIN { @a = lquantize(1, 0, arg0, 1); }
