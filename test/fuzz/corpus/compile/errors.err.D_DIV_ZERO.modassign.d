BEGIN { x = 7; x %= 0; }
