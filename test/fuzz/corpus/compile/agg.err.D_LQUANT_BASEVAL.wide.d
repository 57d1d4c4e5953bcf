BEGIN { @a = lquantize(1, 0x100000000, 0x200000000, 1); }
