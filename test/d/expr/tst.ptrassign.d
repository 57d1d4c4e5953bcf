/*
 * A pointer variable takes pointers and 0 (NULL); integers and pointers
 * convert by casts.  A variable first read before any assignment is an
 * int that takes either.
 */
#pragma D option quiet

BEGIN
{
	t = curthread;
	t = 0;
	printf("%d\n", t == NULL);
	t = NULL;
	t = curthread;
	a = (long)t;
	printf("%d\n", a == (long)curthread);
	b = (struct task_struct *)a;
	printf("%d\n", b == curthread);
	printf("%d\n", self->u == 0);
}

BEGIN
{
	self->u = curthread;
	printf("%d\n", self->u != 0);
	exit(0);
}
