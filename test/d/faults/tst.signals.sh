# dtrace gets SIGINT, SIGTERM or SIGHUP while tracing: END runs, the
# aggregations are printed after it (as DTrace prints them), dtrace exits
# 0 and nothing of the session stays in the kernel.
. ./common.sh
for sig in INT TERM HUP; do
	$DTRACE -q -n 'tick-10ms { @ticks["ticks"] = count(); @last = max(timestamp); }
	    END { printf("END ran\n"); }' >$TMPDIR/sig.out 2>$TMPDIR/sig.err &
	dt=$!
	wait_objs $dt 2 || echo "$sig: tracing did not start"
	objs=$(held_objs $dt)
	sleep 0.3
	kill -$sig $dt
	wait $dt
	echo "$sig: exit $?"
	# END's output, then each aggregation, in that order
	awk '/^END ran$/ { e = NR } $1 == "ticks" && $2 > 0 { t = NR }
	    /^ +[0-9]+$/ && $1 > 1000000 { m = NR }
	    END { print (e && t > e && m > e) ? "END, then aggregations" : "missing or out of order" }' $TMPDIR/sig.out
	cat $TMPDIR/sig.err
	objs_gone "$objs" && echo "$sig: nothing left"
done
rm -f $TMPDIR/sig.out $TMPDIR/sig.err
