# ustack() as an aggregation key: equal stacks are one entry, printed
# above the value as stack() keys are.  ust_c is reached 4 times through
# ust_a and 2 times from main directly (one call site).  umod() and
# ufunc() keys hold addresses: all those of one module (or function) are
# one entry; uaddr() keys are addresses as they are.  Without N a key
# holds at most 63 frames (a key is at most 512 bytes), so another
# component after it does not fit.
. ./retmask.sh
$DTRACE -q -c "$P 4" -n '
syscall::getppid:entry
/pid == $target && execname == "ustacktarget"/
{
	@s[ustack(3)] = count();
	@u[uaddr(uregs[R_PC])] = count();
	@k[ustack(2), "x"] = sum(2);
}
pid$target:a.out:ust_a:entry, pid$target:a.out:ust_c:entry,
pid$target:a.out:ust_done:entry
{
	@m[umod(uregs[R_PC])] = count();
	@f[ufunc(uregs[R_PC] + (x++ % 4))] = count();
}
pid$target:a.out:ust_done:entry
{
	exit(0);
}
END
{
	printa(@s);
	printa("%k %@d\n", @s);
}' | retmask
echo "-- a default ustack() key and another component"
$DTRACE -xerrtags -n 'BEGIN { @[ustack(), 1] = count(); }' 2>&1; echo "exit $?"
