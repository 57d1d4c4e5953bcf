/* D has no floating-point arithmetic: * of a long double. */
long double a;
BEGIN { trace(a * 2); }
