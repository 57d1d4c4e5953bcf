#pragma D option quiet
/*
 * The D library is compiled in the middle of a clause that already uses
 * kernel types: the clause moves to the types that include the library's.
 */
BEGIN
{
	x = curthread->pid;
	printf("%d %d\n", curpsinfo->pr_pid == pid, x == tid);
	exit(0);
}
