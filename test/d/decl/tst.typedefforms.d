#pragma D option quiet
/*
 * The forms of typedef: of a struct defined in place, of a pointer to
 * it, of an untagged union and enum, of a tagged enum, of a kernel
 * struct, of a type named with its module (vmlinux`__be32), and several
 * names in one typedef, each with its own '*'s.  Sizes as C lays the
 * types out on x86-64.
 */
typedef struct foo { int a; long b; } foo_t;
typedef struct foo *foo_p;
typedef union { int a; char b; } u_t;
typedef enum { EA, EB } e_t;
typedef enum color { RED, GREEN } color_t;
typedef struct task_struct ts_t;
typedef vmlinux`__be32 be32_t;
typedef vmlinux`u8 byte_t;
typedef int myint, *myintp, **myintpp;
BEGIN
{
	printf("%d %d %d %d %d\n", sizeof (foo_t), sizeof (foo_p),
	    sizeof (u_t), sizeof (e_t), GREEN);
	printf("%d %d %d %d\n", sizeof (ts_t) > 100, sizeof (be32_t),
	    sizeof (vmlinux`u64), (byte_t)257);
	printf("%d %d %d\n", sizeof (myint), sizeof (myintp),
	    sizeof (myintpp));
	exit(0);
}
