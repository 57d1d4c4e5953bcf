/* A constant index of an array declared in D lies within its elements:
   int a[3] has a[0] to a[2]. */
int a[3];

BEGIN
{
	trace(a[3]);
}
