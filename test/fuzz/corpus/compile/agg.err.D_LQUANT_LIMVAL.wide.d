BEGIN { @a = lquantize(1, 0, 0x200000000, 1); }
