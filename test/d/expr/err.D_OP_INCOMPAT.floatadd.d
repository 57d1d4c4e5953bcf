/* D has no floating-point arithmetic: + of two doubles. */
double a, b;
BEGIN { trace(a + b); }
