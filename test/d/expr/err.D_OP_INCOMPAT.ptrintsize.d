/* int * and long * are not one type either (a declared variable) */
int *p;

BEGIN { p = (long *)0; }
