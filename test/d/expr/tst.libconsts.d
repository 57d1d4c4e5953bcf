#pragma D option quiet
/*
 * The constants of D's library that need no kernel types: errno names
 * (Linux's numbers, as a system call's return probe sees them), the
 * ERROR probe's fault codes (DTrace's numbers), signal names, and the
 * uregs[] index names of x86-64, R_DS .. R_TRAPNO among them.
 */
BEGIN
{
	printf("%d %d %d %d %d %d\n", EPERM, ENOENT, EAGAIN, EWOULDBLOCK,
	    EINVAL, ENOSYS);
	printf("%d %d %d %d\n", ECONNREFUSED, ETIMEDOUT, EOPNOTSUPP, ENOTSUP);
	printf("%d %d %d %d %d %d\n", DTRACEFLT_UNKNOWN, DTRACEFLT_BADADDR,
	    DTRACEFLT_BADALIGN, DTRACEFLT_ILLOP, DTRACEFLT_DIVZERO,
	    DTRACEFLT_NOSCRATCH);
	printf("%d %d %d %d %d %d %d\n", DTRACEFLT_KPRIV, DTRACEFLT_UPRIV,
	    DTRACEFLT_TUPOFLOW, DTRACEFLT_BADSTACK, DTRACEFLT_BADSIZE,
	    DTRACEFLT_BADINDEX, DTRACEFLT_LIBRARY);
	printf("%d %d %d\n", SIGINT, SIGKILL, SIGCLD);
	printf("%d %d %d %d %d %d %d\n", R_PC, R_SP, R_DS, R_ES, R_FS, R_GS,
	    R_TRAPNO);
	exit(0);
}

ERROR
{
	printf("unexpected fault %d\n", arg4);
}
