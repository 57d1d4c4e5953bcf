/* << (and %, &, |, ^, >>) take integers */
BEGIN { x = trace(1) << 2; }
