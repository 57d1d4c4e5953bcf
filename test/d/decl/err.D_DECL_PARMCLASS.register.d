/* a parameter takes no storage class */
extern void f(register long n);
BEGIN { }
