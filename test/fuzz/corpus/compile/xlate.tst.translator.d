#pragma D option quiet
/*
 * Translators declared in D: xlate <T> (e).m and xlate <T *> (e)->m give
 * the member's expression with the input bound to e, converted to the
 * member's type; an inline of an xlate works like curpsinfo.
 */
typedef struct myinfo {
	int mi_pid;
	int mi_ppid;
	string mi_name;
	long mi_twice;
	char mi_low;
	int mi_none;
} myinfo_t;

translator myinfo_t < struct task_struct *T > {
	mi_pid = T->tgid;
	mi_ppid = T->real_parent->tgid;
	mi_name = T->comm;
	mi_twice = T->tgid * 2;
	mi_low = 0x1ff;
};

/* another input type: an integer */
translator myinfo_t < int N > {
	mi_pid = N;
	mi_name = N > 0 ? "positive" : "not positive";
};

inline myinfo_t *curmy = xlate <myinfo_t *> (curthread);

BEGIN
{
	printf("%d %d %s %d\n", xlate <myinfo_t *> (curthread)->mi_pid == pid,
	    curmy->mi_ppid == ppid, curmy->mi_name, curmy->mi_twice == 2 * pid);
	printf("%d %d\n", xlate <myinfo_t> (curthread).mi_pid == pid,
	    curmy->mi_low);
	printf("%d %s %s\n", xlate <myinfo_t> (41 + 1).mi_pid,
	    xlate <myinfo_t> (7).mi_name, xlate <myinfo_t> (-7).mi_name);
	exit(0);
}
