# A probe that fires inside its own program is missed: the kernel does not
# run a raw tracepoint's program again on a CPU where it is running.  Here
# the clause's copyin() of a bad address faults in the kernel, which fires
# page_fault_kernel again inside the clause: one missed firing for each
# fault, each counted and reported ("dtrace: N probe firings missed").
cat >$TMPDIR/missed.sh <<'SH'
dd if=/dev/zero of=/dev/null bs=4M count=4 2>/dev/null
SH
$DTRACE -q -c "sh $TMPDIR/missed.sh" \
    -n 'rawtp:exceptions::page_fault_kernel /progenyof($target)/ { x = *(char *)copyin(16, 1); }' \
    >$TMPDIR/missed.out 2>$TMPDIR/missed.err
echo "exit $?"
faults=$(grep -c 'page_fault_kernel): invalid address (0x10)' $TMPDIR/missed.err)
missed=$(sed -nE "s/^dtrace: ([0-9]+) probe firings? missed \(the probe's program was already running on that CPU\)$/\1/p" $TMPDIR/missed.err | awk '{ s += $1 } END { print s + 0 }')
[ "$faults" -gt 0 ] && echo "the clause faulted"
[ "$missed" -eq "$faults" ] && echo "one missed firing reported per fault" ||
    echo "$missed missed firings reported for $faults faults"
grep -vE "invalid address|probe firings? missed" $TMPDIR/missed.err
cat $TMPDIR/missed.out
rm -f $TMPDIR/missed.sh $TMPDIR/missed.out $TMPDIR/missed.err
