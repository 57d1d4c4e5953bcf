/* A '*' width is an int, not a double. */
double d; BEGIN { printf("%*e\n", d, d); }
