#pragma D option quiet
/* NULL: D's built-in name for address 0, a void pointer. */
int *ip;
BEGIN
{
	ip = NULL;
	p = curthread;
	printf("%d %d %d %d %d\n", ip == NULL, p != NULL, NULL == 0,
	    sizeof (NULL), (int *)NULL == ip);
	exit(0);
}
