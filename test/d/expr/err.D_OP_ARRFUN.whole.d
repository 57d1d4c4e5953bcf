/* Arrays are not assigned whole: their elements are. */
int a[4];
int b[4];

BEGIN
{
	b = a;
}
