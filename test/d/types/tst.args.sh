# args[] typed from the system call's event format: int dfd is -100
# (AT_FDCWD) where arg0 is the raw register; return values are long.
$DTRACE -q -o $TMPDIR/dt-args.out -c 'cat /etc/hostname' \
    -n 'syscall::openat:entry /pid == $target && arg0 == 4294967196/ { printf("%d %d %s\n", args[0], arg0 == args[0], copyinstr(args[1])); }' \
    -n 'syscall::openat:return /pid == $target/ { printf("ret %d\n", args[0] >= -2); }' >/dev/null 2>&1
grep -c '^-100 0 /etc/hostname$' $TMPDIR/dt-args.out
grep '^ret' $TMPDIR/dt-args.out | sort -u
$DTRACE -q -Z -n 'syscall::newfstat:entry,syscall::fstat:entry { x = args[1]; trace(x == 0); }' -e && echo "struct stat * compiles"
$DTRACE -q -n 'tick-1s { trace(args[0]); }' -e && echo "untyped args are int64_t"
rm -f $TMPDIR/dt-args.out
