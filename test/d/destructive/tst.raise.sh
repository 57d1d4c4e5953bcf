# raise(SIGUSR1) (a signal number of the D library) on a -c process that
# catches it: its handler runs when the system call the probe fired on
# returns.  raise() of a number that is no signal is DTrace's illegal
# operation fault, and the session goes on (the process, not signalled,
# says so).
prog="$BUILD_DIR/testprog/sigtarget"
$DTRACE -q -w -c "$prog raise" -n '
syscall::getpgid:entry
/pid == $target/
{
	raise(SIGUSR1);
	n++;
}

END
{
	printf("raise() called %d time(s)\n", n);
}'
echo "dtrace exit $?"
$DTRACE -q -w -c "$prog raise" -n '
syscall::getpgid:entry
/pid == $target/
{
	raise(65);
}

syscall::getpgid:entry
/pid == $target/
{
	raise(0);
}

END
{
	printf("end\n");
}' 2>&1 | sed -E "s/probe ID [0-9]+/probe ID P/; s/BPF pc [0-9]+/BPF pc N/"
echo "dtrace exit ${PIPESTATUS[0]}"
