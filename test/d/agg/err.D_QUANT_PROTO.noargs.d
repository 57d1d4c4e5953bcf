BEGIN { @a = quantize(); }
