/*
 * Pointers DTrace takes as compatible: of one type (a typedef of an
 * integer and the integer, pid_t and int), of one struct, or one of them
 * void *.
 */
#pragma D option quiet

int *ip;

BEGIN
{
	ip = &curthread->pid;
	ip = (pid_t *)0;
	ip = (void *)0;
	p = curthread;
	p = curthread->parent;
	printf("%d %d %d %d %d\n", curthread == curthread->parent,
	    curthread->mm == curthread->active_mm, (void *)0 == curthread,
	    &curthread->pid == (int *)0, p == curthread->real_parent);
	printf("%d\n", (int *)16 - (int *)8);
	exit(0);
}
