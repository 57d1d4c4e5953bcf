# END runs on SIGINT, SIGTERM and SIGHUP; dtrace then exits 0.  The first
# interrupt puts an empty line in the output, even under -q, before what
# is printed after it (END's output), as DTrace does; the run then ends
# with its usual empty line.
for sig in INT TERM HUP; do
	$DTRACE -q -n 'tick-10ms { n++; } END { printf("END after ticks: %d\n", n > 0); }' >$TMPDIR/dt-sig.out 2>&1 &
	p=$!
	sleep 0.5
	kill -$sig $p
	wait $p
	echo "$sig rc=$?"
	cat $TMPDIR/dt-sig.out
done
rm -f $TMPDIR/dt-sig.out
