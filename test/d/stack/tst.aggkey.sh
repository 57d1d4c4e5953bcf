# stack() as an aggregation key: equal stacks are one entry; the stack is
# printed above the value, as DTrace does (a line break, the frames, then
# the value in its column).  Keys may mix stacks with other components.
# The first read() of `cat /dev/null` has a system call entry's stack,
# always the same; offsets are masked.
mask() { sed 's/0x[0-9a-f]*$/OFF/'; }
R='syscall::read:entry /pid == $target && !d/ { d = 1;'
$DTRACE -q -c 'cat /dev/null' -n "$R"'
	@a[stack()] = count(); @a[stack()] = count();
	@b[stack(2), "x"] = sum(5);
	@c[1, stack(1)] = max(7);
	printa(@a);
	exit(0);
}' | mask
echo "-- a system call's stacks, keyed with the call's name"
$DTRACE -q -c 'cat /etc/hostname' -n 'syscall::openat:entry,syscall::read:entry /pid == $target/ { @[probefunc, stack()] = count(); }' 2>/dev/null |
    awk -f "$(dirname "$0")/aggkey.awk"
echo "-- strsize 32: the stack is built in the key itself"
$DTRACE -q -x strsize=32 -c 'cat /dev/null' -n "$R"' @[stack(3), "abc"] = count(); exit(0); }' | sed 's/0x[0-9a-f]*$/OFF/'
