/* a D variable itself has no address, an array no more than a scalar */
int a[5];
BEGIN { trace(&a); }
