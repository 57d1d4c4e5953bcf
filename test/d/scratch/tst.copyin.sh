# copyin() of write(2)'s user buffer, whose contents are known: the bytes
# come back as integers, chars and (up to the NUL the data holds) a string,
# at constant and run-time sizes.
$DTRACE -q -o /tmp/dt-copyin.out -c 'printf hello\0world' \
    -n 'syscall::write:entry /pid == $target/ {
	printf("%x %c%c %d\n", *(int *)copyin(arg1, 4),
	    *(char *)copyin(arg1 + 6, 1), *(char *)copyin(arg1 + 10, 1), arg2);
	printf("[%s]\n", stringof(copyin(arg1, arg2)));
	printf("%x\n", *(unsigned short *)((char *)copyin(arg1, 8) + 3));
	exit(0);
    }' >/dev/null 2>/tmp/dt-copyin.err
echo "rc=$?"
cat /tmp/dt-copyin.out /tmp/dt-copyin.err
rm -f /tmp/dt-copyin.out /tmp/dt-copyin.err
