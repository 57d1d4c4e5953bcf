#pragma D option quiet
/*
 * A member read through a NULL pointer is the invalid address fault for
 * address 0 (DTrace checks the pointer, not the member's address): arg5
 * is 0, whatever the member's offset.  Through a bad non-NULL pointer the
 * fault is for the member's own address.
 */
ERROR
{
	printf("clause %d fault %d addr %s\n", arg2, arg4,
	    arg5 == 0 ? "0" :
	    arg5 == 64 + offsetof(struct task_struct, pid) ? "64+pid" : "other");
}

BEGIN
{
	trace(((struct task_struct *)NULL)->pid);
}

BEGIN
{
	p = (struct task_struct *)NULL;
	trace(p->real_parent->pid);
}

BEGIN
{
	trace(((struct task_struct *)64)->pid);
}

BEGIN
{
	trace(curthread->real_parent->pid > 0 ? "ok\n" : "zero\n");
	exit(0);
}
