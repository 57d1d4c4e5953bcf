# copyinstr(addr, maxlen) reads maxlen bytes at most, the NUL among them:
# copyinstr(a, 6) of "hello-world" is "hello", as in DTrace for Linux
# (copyinstr(arg1, 8) of "dtrace-copyinstr-test" is "dtrace-").  A run-time
# maxlen, maxlen 1 (""), and one past the string's end.
$DTRACE -q -o /tmp/dt-cpistr.out -c 'printf hello-world\0' \
    -n 'syscall::write:entry /pid == $target/ {
	n = 3;
	printf("[%s] [%s] [%s] [%s]\n", copyinstr(arg1, 6),
	    copyinstr(arg1, n), copyinstr(arg1, 1), copyinstr(arg1, 40));
	exit(0);
    }' >/dev/null 2>/tmp/dt-cpistr.err
echo "rc=$?"
cat /tmp/dt-cpistr.out /tmp/dt-cpistr.err
rm -f /tmp/dt-cpistr.out /tmp/dt-cpistr.err
