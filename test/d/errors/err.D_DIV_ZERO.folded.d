/* a divisor folded from constants is checked as a literal one is */
BEGIN { x = 10 % ((3 << 2) - 12); }
