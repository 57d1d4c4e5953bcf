# The reader of dtrace's output goes away (| head -1): dtrace stops at its
# next write, quietly (no message, exit 0), does not hang, and leaves
# nothing in the kernel; a -c child is not left running either.
. ./common.sh
start=$(date +%s%N)
$DTRACE -q -n 'tick-1ms { printf("line %d\n", n++); @n = count(); }
    END { printf("END\n"); }' -c 'sleep 60' 2>$TMPDIR/pipe.err |
    { head -1; }
rc=${PIPESTATUS[0]}
ms=$(( ($(date +%s%N) - start) / 1000000 ))
echo "exit $rc"
[ $ms -lt 5000 ] && echo "did not hang"
cat $TMPDIR/pipe.err
# the same with objects to check: the reader leaves after a while
fifo=$TMPDIR/pipe.fifo
mkfifo $fifo
$DTRACE -q -n 'syscall::getpid:entry { @n = count(); } tick-5ms { printf("tick\n"); }' \
    -c 'sleep 60' >$fifo 2>$TMPDIR/pipe.err &
dt=$!
exec 3<$fifo
wait_objs $dt 2 || echo "tracing did not start"
objs=$(held_objs $dt)
child=$(child_of $dt)
head -1 <&3
exec 3<&-	# the reader goes away
wait $dt
echo "exit $?"
cat $TMPDIR/pipe.err
objs_gone "$objs" && echo "nothing left"
kill -0 "$child" 2>/dev/null && echo "the -c child still runs"
rm -f $fifo $TMPDIR/pipe.err
