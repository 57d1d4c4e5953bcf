BEGIN { @a = 1; }
