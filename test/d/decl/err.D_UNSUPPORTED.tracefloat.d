/* Floating-point values are not traced yet. */
double d;
BEGIN { trace(d); }
