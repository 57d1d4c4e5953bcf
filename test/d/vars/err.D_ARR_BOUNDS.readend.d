/* The end of an array (a[n]) is no element to read. */
int a[4];
BEGIN { trace(a[4]); }
