#pragma D option quiet
/* typedef of kernel types: a struct, a pointer to it, and a name shadowing a kernel typedef. */
typedef struct task_struct task_t;
typedef task_t *taskp_t;
typedef int pid_t;
typedef void v_t;
typedef int int32_t;
typedef int int32_t;
v_t *vp;
BEGIN
{
	t = (task_t *)curthread;
	u = (taskp_t)curthread;
	q = (pid_t)-1;
	vp = 0;
	printf("%d %d %d %d %d\n", t->tgid == pid, u->tgid == pid,
	    sizeof (task_t) == sizeof (struct task_struct), q, sizeof (vp));
	exit(0);
}
