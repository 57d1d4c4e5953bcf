#pragma D option quiet
/* typedef of kernel types: a struct, a pointer to it, and a name shadowing a kernel typedef; a chain of typedefs of D's own. */
typedef struct task_struct task_t;
typedef task_t *taskp_t;
typedef int umode_t;
typedef void v_t;
typedef uint16_t port_t;
typedef port_t tcpport_t;
v_t *vp;
BEGIN
{
	t = (task_t *)curthread;
	u = (taskp_t)curthread;
	q = (umode_t)-1;
	vp = 0;
	p = (tcpport_t)70000;
	printf("%d %d %d %d %d %d %d\n", t->tgid == pid, u->tgid == pid,
	    sizeof (task_t) == sizeof (struct task_struct), q, sizeof (vp),
	    sizeof (tcpport_t), p);
	exit(0);
}
