#pragma D option quiet
/*
 * NULL: D's built-in name for address 0, an int 0 as DTrace has it
 * (sizeof (NULL) is 4, as DTrace's own checks say), which a pointer, a
 * string and a struct take as the constant 0.
 */
int *ip;

BEGIN
{
	ip = NULL;
	p = curthread;
	printf("%d %d %d %d %d\n", ip == NULL, p != NULL, NULL == 0,
	    sizeof (NULL), (int *)NULL == ip);
	self->t = curthread;
	self->t = NULL;
	s = "abc";
	printf("%d %d %d %d\n", self->t == NULL, sizeof NULL, s != NULL,
	    NULL + 1);
	exit(0);
}
