# A session whose own output fires its probes: a clause on write(2) that
# faults on every record (an fd read as an address: misaligned, or
# invalid) makes dtrace write an error message, a write
# that fires the clause again (DTrace traces itself too; its guide
# suggests /pid != $pid/).  The loop must not hold dtrace in one read of
# the ring buffer: the end of the -c child is seen at once (the run ends
# soon after its 1 s sleep) and so is SIGINT, dtrace exits 0 and nothing
# stays in the kernel.  Each message is one write, not three (which grew
# the loop until the buffer dropped).  The command's first write starts
# the loop (the machine may write nothing else meanwhile).
. ./common.sh
printf 'echo start\nexec sleep "$1"\n' >$TMPDIR/fb.sh
count() {	# the error messages, other lines, the writes of each
	awk '/^dtrace: error in dt_clause_0 for probe ID [0-9]+ \(syscall:vmlinux:write:entry\): invalid (address|alignment)/ { e++; next }
	    /^dtrace: [0-9]+ drops? on CPU/ { d++; next }
	    { o++ } END { print (e > 1000 ? "errors reported" : "few errors: " e) (o ? ", other lines: " o : "") }'
}
start=$(date +%s%N)
timeout -s KILL 15 $DTRACE -q -n 'syscall::write:entry { trace(*(int *)arg0); }' \
    -c "sh $TMPDIR/fb.sh 1" 2>&1 >/dev/null | count
rc=${PIPESTATUS[0]}
ms=$(( ($(date +%s%N) - start) / 1000000 ))
echo "-c: exit $rc"
[ $ms -lt 4000 ] && echo "-c: ended soon after the child" || echo "-c: took $ms ms"

# SIGINT in the middle of it
mkfifo $TMPDIR/fb.fifo
count <$TMPDIR/fb.fifo >$TMPDIR/fb.count &
cnt=$!
$DTRACE -q -n 'syscall::write:entry { trace(*(int *)arg0); }' -c "sh $TMPDIR/fb.sh 60" \
    2>$TMPDIR/fb.fifo >/dev/null &
dt=$!
wait_objs $dt 1 || echo "tracing did not start"
objs=$(held_objs $dt)
child=$(child_of $dt)
sleep 1
start=$(date +%s%N)
kill -INT $dt
for try in $(seq 1 50); do kill -0 $dt 2>/dev/null || break; sleep 0.1; done
if kill -0 $dt 2>/dev/null; then
	echo "SIGINT: still running after 5 s"
	kill -KILL $dt
fi
wait $dt
echo "SIGINT: exit $?"
ms=$(( ($(date +%s%N) - start) / 1000000 ))
[ $ms -lt 2000 ] && echo "SIGINT: ended at once" || echo "SIGINT: took $ms ms"
wait $cnt
cat $TMPDIR/fb.count
objs_gone "$objs" && echo "nothing left"
kill -0 "$child" 2>/dev/null && echo "the -c child still runs"
# the same session with DTrace's predicate traces nothing of its own
# (progenyof($pid): only dtrace and its child, not the writes of whatever
# else runs on the machine, which would fault too)
$DTRACE -q -n 'syscall::write:entry /pid != $pid && progenyof($pid)/ {
    trace(*(int *)arg0); }' \
    -c "sh $TMPDIR/fb.sh 0.5" 2>&1 >/dev/null | awk '/error in/ && / \(syscall/ { e++ } END { print "with /pid != $pid/: " (e < 1000 ? "no loop" : e " errors") }'
rm -f $TMPDIR/fb.count $TMPDIR/fb.fifo $TMPDIR/fb.sh
