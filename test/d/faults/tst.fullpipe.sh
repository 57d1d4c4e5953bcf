# dtrace's standard output is a pipe nobody reads: it fills and dtrace
# blocks in write(2).  SIGINT must still end it, at once or within a
# second or two: an interrupt that came while part of a write had gone
# out only shortened that write, and stdio wrote the rest and blocked
# again, so the first interrupt was lost (here: the reader takes 5000
# bytes once, then stops).  dtrace says its output was blocked, exits 1
# and leaves nothing in the kernel.
. ./common.sh
fifo=$TMPDIR/fullpipe.fifo
# Wait (up to 10 s) until dtrace's main thread sits in write(2): the
# pipe is full again.  Sleeping a fixed time was not enough on a fast
# machine, where the interrupt came while the pipe still had room.
blocked() {
	for try in $(seq 1 200); do
		read nr rest </proc/$1/syscall 2>/dev/null
		[ "$nr" = 1 ] && return 0
		sleep 0.05
	done
	return 1
}
for take in 0 5000; do
	mkfifo $fifo
	exec 7<>$fifo	# a reader that reads only when told
	$DTRACE -q -n 'tick-1ms { printf("line %d ..........................................................\n", i++); }
	    END { printf("END\n"); }' \
	    >$fifo 2>$TMPDIR/fullpipe.err &
	dt=$!
	wait_objs $dt 1 || echo "tracing did not start"
	objs=$(held_objs $dt)
	blocked $dt || echo "read $take: never blocked in write"
	if [ $take -gt 0 ]; then
		dd bs=$take count=1 <&7 >/dev/null 2>&1
		sleep 0.1
		blocked $dt || echo "read $take: not blocked again"
	fi
	start=$(date +%s%N)
	kill -INT $dt
	for try in $(seq 1 50); do kill -0 $dt 2>/dev/null || break; sleep 0.1; done
	if kill -0 $dt 2>/dev/null; then
		echo "read $take: still running 5 s after SIGINT"
		kill -INT $dt
	fi
	wait $dt
	echo "read $take: exit $?"
	ms=$(( ($(date +%s%N) - start) / 1000000 ))
	[ $ms -lt 3000 ] && echo "read $take: ended within 3 s" || echo "read $take: took $ms ms"
	cat $TMPDIR/fullpipe.err
	objs_gone "$objs" && echo "read $take: nothing left"
	exec 7>&-
	rm -f $fifo $TMPDIR/fullpipe.err
done
