/* D has no floating-point arithmetic: a double is not compared. */
double a, b;
BEGIN { trace(a < b); }
