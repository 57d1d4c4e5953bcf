/* One past the end may have its address taken, not two. */
int a[4];
BEGIN { trace(&a[5]); }
