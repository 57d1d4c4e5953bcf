# A group of many syscall probes is served by one raw_syscalls program;
# a single probe per event.  Both give the same probes and arguments.
$DTRACE -q -o $TMPDIR/dt-raw.out -c '/bin/echo hello' \
    -n 'syscall:::entry /pid == $target && execname == "echo" && (probefunc == "write" || probefunc == "close")/ { printf("%s %s %d %d\n", probefunc, probename, arg0, arg2); }' \
    -n 'syscall:::return /pid == $target && execname == "echo" && probefunc == "write"/ { printf("%s %s %d %d\n", probefunc, probename, arg0, arg1); }' >/dev/null
$DTRACE -q -o $TMPDIR/dt-ev.out -c '/bin/echo hello' \
    -n 'syscall::write:entry,syscall::close:entry /pid == $target && execname == "echo"/ { printf("%s %s %d %d\n", probefunc, probename, arg0, arg2); }' \
    -n 'syscall::write:return /pid == $target/ { printf("%s %s %d %d\n", probefunc, probename, arg0, arg1); }' >/dev/null
grep -c . $TMPDIR/dt-raw.out | awk '{ print ($1 > 3) ? "raw saw the calls" : "raw saw " $1 " lines" }'
cmp $TMPDIR/dt-raw.out $TMPDIR/dt-ev.out && echo same
grep '^write' $TMPDIR/dt-raw.out
# every system call: attaching and detaching stays fast
start=$(date +%s%N)
$DTRACE -q -n 'syscall:::entry,syscall:::return { n++; } tick-1ms { exit(0); }'
ms=$(( ($(date +%s%N) - start) / 1000000 ))
[ $ms -lt 2000 ] && echo "syscall::: in and out quickly" || echo "syscall::: took $ms ms"
rm -f $TMPDIR/dt-raw.out $TMPDIR/dt-ev.out
