# ucaller: where the current user function returns to.  At ust_c's
# entry (pid provider: the return address at the top of the stack) and
# at its system call (the second frame of the user stack) it is in ust_b,
# just after the call of ust_c.
. ./retmask.sh
$DTRACE -q -c "$P 1" -n '
pid$target:a.out:ust_c:entry
/e++ == 0/
{
	printf("entry %A\n", ucaller);
}
syscall::getppid:entry
/pid == $target && execname == "ustacktarget" && s++ == 0/
{
	printf("syscall %A\n", ucaller);
	uaddr(ucaller);
	printf("\n");
}
pid$target:a.out:ust_done:entry
{
	exit(0);
}' | retmask
