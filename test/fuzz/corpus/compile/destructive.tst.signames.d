/* @args: -q */
/*
 * The signal numbers of the D library are Linux's, and naming them reads
 * no kernel types (the library of signals is one of its own).
 */
BEGIN
{
	printf("%d %d %d %d %d %d %d\n", SIGHUP, SIGINT, SIGKILL, SIGUSR1,
	    SIGTERM, SIGCHLD, SIGSTOP);
	printf("%d %d %d\n", SIGCLD == SIGCHLD, SIGIOT == SIGABRT, SIGSYS);
	exit(0);
}
