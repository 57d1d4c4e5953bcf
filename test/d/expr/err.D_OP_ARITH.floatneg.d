/* D has no floating-point arithmetic: unary minus of a float. */
float a;
BEGIN { trace(-a); }
