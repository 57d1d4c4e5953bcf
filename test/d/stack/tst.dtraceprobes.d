/*
 * BEGIN and END fire in no kernel function: DTrace shows no kernel stack
 * for them, stack() prints only its line break, stackdepth and caller
 * are 0.  A probe that fires in the kernel has frames (execve of system()).
 */
#pragma D option quiet
#pragma D option destructive

BEGIN
{
	printf("BEGIN depth %d caller %d\n", stackdepth, caller);
	printf("stack:");
	stack();
	printf("end\n");
	system("true");
}

syscall::execve:entry
/stackdepth > 0 && caller != 0 && !done/
{
	done = 1;
	printf("syscall has frames\n");
	exit(0);
}

END
{
	printf("END depth %d caller %d\n", stackdepth, caller);
	stack(3);
}
