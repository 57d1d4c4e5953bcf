# A -c process that exits before the session prints its aggregations:
# dtrace_work() copied its mappings while it ran (once it ran its own
# file), so its user stacks and symbols are still named after it exited.
# The printf() wakes the consumer before the process ends.
. ./retmask.sh
$DTRACE -q -c "$P 2 exit" -n '
syscall::getppid:entry
/pid == $target && execname == "ustacktarget"/
{
	@s[ustack(3)] = count();
	@f[ufunc(uregs[R_PC])] = count();
}
pid$target:a.out:ust_done:entry
{
	printf("done\n");
}' | retmask
