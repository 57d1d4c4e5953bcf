#pragma D option quiet

/*
 * &`name of a kernel function is its address (from /proc/kallsyms), a
 * void *: %a and func( ) show it as vmlinux`name, as DTrace does.
 */
BEGIN
{
	printf("%a\n", &`vfs_read);
	printf("%a\n", &`schedule);
	printf("%d\n", &`vfs_read != NULL && &`vfs_read != &`schedule);
	exit(0);
}
