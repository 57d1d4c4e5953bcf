/* %s converts a string, not a long double. */
long double d; BEGIN { printf("%s\n", d); }
