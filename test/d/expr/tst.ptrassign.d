/*
 * A pointer variable takes pointers and 0 (NULL); integers and pointers
 * convert by casts.  A thread-local variable declared a pointer compares
 * with 0 before any assignment.
 */
#pragma D option quiet

self struct task_struct *u;

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
