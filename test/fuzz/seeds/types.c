/*
 * types.c: C types whose BTF (gcc -gbtf) seeds the btf fuzz target:
 * structs and unions with named, anonymous and bit-field members, nested
 * and self-referencing types, enums, typedefs, qualifiers, arrays, and a
 * btf_trace_NAME typedef as the kernel's BTF has for each tracepoint.
 */
typedef unsigned long long u64;
typedef int s32;

enum color { RED, GREEN = 5, BLUE = -1 };
enum big { HUGE = 0x7fffffffffffffffLL };

struct list { struct list *next, *prev; };

struct inner { int a; char name[16]; };

struct foo {
	int a;
	long b;
	unsigned int c:3, d:5;
	char name[8];
	struct inner in;
	struct inner *inp;
	union { int u1; long u2; };
	struct { short s1; short s2; };
	const volatile u64 q;
	enum color col;
	struct list link;
	int arr[4][2];
	void (*fn)(int, char *);
};

union bar { int i; char c[4]; struct foo *f; };

typedef struct foo foo_t;
typedef union bar bar_t;
typedef void (*btf_trace_sched_switch)(void *, int, struct foo *, struct foo *);
typedef void (*btf_trace_sys_enter)(void *, struct list *, long);

struct foo v1;
union bar v2;
foo_t v3;
bar_t v4;
btf_trace_sched_switch v5;
btf_trace_sys_enter v6;
enum big v7;
s32 v8;
