/* &a[n] names the end only as the operand of &: a[4] inside it is still read. */
int a[4];
BEGIN { trace(&a[a[4]]); }
