# END runs on SIGINT, SIGTERM and SIGHUP; dtrace then exits 0.
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
