/* sum() adds integers: a double is no scalar. */
double d; BEGIN { @ = sum(d); }
