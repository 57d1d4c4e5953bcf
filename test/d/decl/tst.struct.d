#pragma D option quiet
/*
 * struct and union declared in D: members are placed as C places them
 * on LP64 (the offsets gcc gives for the same declarations) except for
 * bit-fields, which DTrace starts each on a byte of its own aligned to the
 * power of two bytes that holds it (struct bf: x at 1, y at 4, z at 8, q
 * at 9, e at 10, size 11; "long : 0" is no member); a struct or union
 * ends where its last member ends, without C's tail padding (union u:
 * 12, its int[3]); members are read through
 * pointers, tags of D shadow the kernel's.
 */
struct foo {
	int a;
	char c;
	long l;
	short s[3];
	struct task_struct *t;
	string name;
	unsigned int b1 : 3, b2 : 5;
	struct foo *next;
};

union u {
	char c;
	long l;
	int a[3];
};

struct bf {
	char a;
	int x : 3;
	int y : 30;
	char z;
	short q : 4;
	long : 0;
	char e;
};

struct n;
struct m {
	struct n *p;
	union {
		int i;
		char b[8];
	};
	struct {
		int ai, aj;
	} anon;
};
struct n {
	int v;
	long w;
};

/* curthread's pid and tgid, through a struct of D */
struct t2 {
	char pad[offsetof(struct task_struct, pid)];
	int pid;
	int tgid;
};
typedef struct t2 t2_t;
typedef struct {
	struct t2 inner;
	struct t2 *ptr;
} wrap_t;

struct file {
	int x;
};

BEGIN
{
	printf("%d %d %d %d %d %d %d\n", sizeof (struct foo),
	    offsetof(struct foo, c), offsetof(struct foo, l),
	    offsetof(struct foo, s), offsetof(struct foo, t),
	    offsetof(struct foo, name), offsetof(struct foo, next));
	printf("%d %d %d\n", sizeof (union u), sizeof (struct bf),
	    offsetof(struct bf, e));
	printf("%d %d %d %d\n", sizeof (struct m), offsetof(struct m, i),
	    offsetof(struct m, anon), sizeof (struct n));
	printf("%d\n", sizeof (struct file));

	this->p = (struct t2 *)curthread;
	this->q = (t2_t *)curthread;
	this->w = (wrap_t *)curthread;
	printf("%d %d %d %d\n", this->p->pid == pid, this->p->tgid == pid,
	    this->q->tgid == pid, this->w->inner.pid == pid);
	this->m = (struct m *)curthread;
	printf("%d %d\n", sizeof (this->m->p->w), sizeof (this->w->inner) ==
	    offsetof(struct task_struct, pid) + 8);
	exit(0);
}
