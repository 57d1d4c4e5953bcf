#pragma D option quiet
/*
 * Unary &: the address of a member, an element or *p, as a pointer to
 * its type (to the first element of an array); no read of the object.
 */
struct t2 {
	char pad[offsetof(struct task_struct, pid)];
	int pid;
};

BEGIN
{
	p = &curthread->pid;
	printf("%d %d %d\n", *p == pid, (uintptr_t)p - (uintptr_t)curthread ==
	    offsetof(struct task_struct, pid), sizeof (*p));
	c = &curthread->comm[1];
	printf("%c %s %s\n", *c, stringof(&curthread->comm), stringof(c));
	printf("%c\n", *(&curthread->comm[0] + 2));
	s = &curthread->se;
	printf("%d\n", s->sum_exec_runtime > 0);
	pp = &curthread->real_parent;
	printf("%d %d\n", (*pp)->tgid == ppid, &*p == p);
	q = &((struct t2 *)curthread)->pid;
	printf("%d\n", q == p);
	exit(0);
}
