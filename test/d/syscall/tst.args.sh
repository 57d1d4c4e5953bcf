# Entry arguments and return values of system calls.
$DTRACE -q -o $TMPDIR/dt-args.out -c '/bin/echo hello' \
    -n 'syscall::write:entry /pid == $target/ { printf("write %d %d\n", arg0, arg2); }' \
    -n 'syscall::write:return /pid == $target/ { printf("return %d %d\n", arg0, arg1); }' >/dev/null
echo "rc=$?"
cat $TMPDIR/dt-args.out
$DTRACE -q -o $TMPDIR/dt-args.out -c 'cat /nonexistent/file' \
    -n 'syscall::openat:entry /pid == $target/ { f = copyinstr(arg1); }' \
    -n 'syscall::openat:return /pid == $target && f == "/nonexistent/file"/ { printf("%d\n", arg0); }' 2>/dev/null
grep -x -- -2 $TMPDIR/dt-args.out
rm -f $TMPDIR/dt-args.out
