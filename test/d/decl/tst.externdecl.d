#pragma D option quiet
/*
 * extern declarations of kernel symbols and C function prototypes are
 * accepted and declare no D variable: objects, pointers, arrays of one
 * or more dimensions, functions with parameter lists, pointers to
 * functions, variable arguments, and the type left out (int).
 */
extern unsigned long nr_cpu_ids;
extern const char *linux_banner_ptr, **argvp;
extern long jiffies_hist[], ring[16][4];
extern struct task_struct init_task;
extern void schedule(void);
extern int printk(const char *fmt, ...);
extern int (*hook)(int, char *);
extern long **(**table)(void);
extern counted;
extern int noargs();
unsigned long probe_helper(unsigned int cpu, long flags);
int (*handler)(void);
int after;

BEGIN
{
	after = 3;
	printf("extern ok %d\n", after * 2);
	exit(0);
}
