BEGIN { x = "%d\n"; printf(x, 1); }
