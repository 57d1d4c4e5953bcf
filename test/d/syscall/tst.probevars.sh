# Built-in variables in a system call probe of a process run as another
# user (nobody): its ids and name, and the probe's four fields.
$DTRACE -q -c 'setpriv --reuid=65534 --regid=65534 --clear-groups /bin/true' \
    -n 'syscall::exit_group:entry /pid == $target/ {
	printf("%d %d %d %s\n", uid, gid, tid == pid, execname);
	printf("%s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
}'
echo "rc=$?"
