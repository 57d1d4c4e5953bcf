# stackdepth and ustackdepth count the frames of the kernel and user
# stacks where the probe fired.
$DTRACE -q -c 'cat /etc/hostname' -o $TMPDIR/dt-sd.out -n 'syscall::openat:entry /pid == $target/ { printf("%d %d\n", stackdepth > 0, ustackdepth > 0); }' >/dev/null 2>&1; sort -u $TMPDIR/dt-sd.out | grep -v '^$'; rm -f $TMPDIR/dt-sd.out
