/*
 * Members that are pointers to functions, T (*name)(params), and arrays
 * of them, T (*name[N])(params), as C declares them: 8 bytes each,
 * aligned as pointers; the parameters are not kept.
 */
#pragma D option quiet

struct ops {
	int (*open)(int, char *);
	long (*tab[3])(void);
	char *name;
	void (*close)(struct ops *(*)(int));
};

BEGIN
{
	printf("%d %d %d %d\n", sizeof (struct ops), offsetof(struct ops, tab),
	    offsetof(struct ops, name), offsetof(struct ops, close));
	exit(0);
}
