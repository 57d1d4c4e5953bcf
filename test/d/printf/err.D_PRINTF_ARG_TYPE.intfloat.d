/* %f converts a float, double or long double, not an integer. */
BEGIN { printf("%f\n", 1); }
