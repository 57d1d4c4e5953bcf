# Options of the consumer's pace and printing.  statusrate: the consumer
# wakes at least that often to check the session's status (drops,
# processes), whatever switchrate says: its waits (epoll_wait, seen with
# strace) last 100 ms, not switchrate's 10 s (1 s by default, as DTrace's
# 1hz).  rawbytes: trace() prints its value's bytes as tracemem() does:
# a string's strsize characters and the NUL after them, an int's 4 bytes.  temporal and quietresize
# are accepted (one ring buffer for all CPUs keeps records in time order;
# buffers are never resized) and change nothing.
strace -f -e trace=epoll_wait -o $TMPDIR/so.strace $DTRACE -q \
    -x switchrate=10s -x statusrate=100ms -n 'tick-1s { exit(0); }'
echo "waits of 100 ms: $(grep -c 'epoll_wait(.*, 100)' $TMPDIR/so.strace | awk '{ print ($1 >= 5) ? "yes" : $1 }')"
strace -f -e trace=epoll_wait -o $TMPDIR/so.strace $DTRACE -q \
    -x switchrate=10s -n 'tick-1s { exit(0); }'
echo "waits of 1 s (statusrate's default, 1hz) without it: $(grep -c 'epoll_wait(.*, 1000)' $TMPDIR/so.strace | awk '{ print ($1 >= 1) ? "yes" : $1 }')"
$DTRACE -q -x rawbytes -x strsize=32 -n 'BEGIN { trace("dtrace"); trace(42); exit(0); }'
$DTRACE -q -x temporal -x quietresize -n 'BEGIN { printf("temporal, quietresize\n"); exit(0); }'
$DTRACE -x statusrate=never -n 'BEGIN { exit(0); }' 2>&1
echo "rc=$?"
