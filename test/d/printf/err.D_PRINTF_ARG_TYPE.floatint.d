/* %d converts an integer: a double is no integer (D has no conversions). */
double d; BEGIN { printf("%d\n", d); }
