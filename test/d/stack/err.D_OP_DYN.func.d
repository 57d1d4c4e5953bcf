BEGIN { x = func(1); }
