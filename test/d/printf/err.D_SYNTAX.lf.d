/* %lf: l goes with integer conversions, c and s, never with f. */
BEGIN { printf("%lf\n", 1); exit(0); }
