# psinfo_t's pr_psargs: the process's arguments as one line, each
# separated by one space, at most 79 characters (PRARGSZ, 80 bytes with
# the NUL), read when the process has just run execve(2) (the -c shell
# execs the command, in the same process); a kernel thread has no
# arguments: its pr_psargs is its name.
prog='syscall::execve:return /pid == $target/ {
	printf("[%s]\n", curpsinfo->pr_psargs); exit(0); }'
run() {
	echo "exec $*" >$TMPDIR/dt-psargs.sh
	$DTRACE -qn "$prog" -c "sh $TMPDIR/dt-psargs.sh" | grep '^\['
}
run /bin/sleep 0.1
run /bin/echo one  two three
long=0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghij
run /bin/echo $long
rm -f $TMPDIR/dt-psargs.sh
$DTRACE -qn 'profile-997 /curthread->mm == NULL/ {
	printf("%d\n", curpsinfo->pr_psargs == stringof(curthread->comm));
	exit(0); }' | grep .
# a string holds strsize characters: pr_psargs too, under a small strsize
echo "exec /bin/echo abcdefgh" >$TMPDIR/dt-psargs.sh
$DTRACE -x strsize=5 -qn "$prog" -c "sh $TMPDIR/dt-psargs.sh" | grep '^\['
rm -f $TMPDIR/dt-psargs.sh
