# psinfo_t's pr_argc: the number of the process's arguments, the command
# name included (argv[0] .. argv[argc - 1]), read when the process has
# just run execve(2) (the -c shell execs the command, in the same
# process); an empty argument counts as one; a kernel thread has none.
prog='syscall::execve:return /pid == $target/ {
	printf("%d\n", curpsinfo->pr_argc); exit(0); }'
run() {
	echo "exec $* >/dev/null" >$TMPDIR/dt-psargc.sh
	$DTRACE -qn "$prog" -c "sh $TMPDIR/dt-psargc.sh" | grep .
}
run /bin/true
run /bin/echo one two three
run /bin/echo "''" x "''"
run /bin/echo 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20
rm -f $TMPDIR/dt-psargc.sh
$DTRACE -qn 'profile-997 /curthread->mm == NULL/ {
	printf("%d\n", curpsinfo->pr_argc); exit(0); }' | grep .
