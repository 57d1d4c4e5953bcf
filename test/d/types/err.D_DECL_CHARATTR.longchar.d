BEGIN { x = (long char)1; }
