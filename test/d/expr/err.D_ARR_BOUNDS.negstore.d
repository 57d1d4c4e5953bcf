/* ... on the left of an assignment too, and never below 0. */
int a[3];

BEGIN
{
	a[-1] = 4;
}
