BEGIN { x = 1 / 0; }
