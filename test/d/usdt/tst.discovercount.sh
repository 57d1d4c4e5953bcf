# Discovery in a session whose clauses use no probe names (no probes
# map): the process started after the session began is counted, and
# nothing is printed on standard error about it.
out=$TMPDIR/count.out
$DTRACE -Z -q -n 'BEGIN { printf("ready\n"); }
dt_usdt*:::tick-now { @ = count(); }
END { printa("count %@d\n", @); }' >"$out" 2>"$TMPDIR/count.err" &
dt=$!
for i in $(seq 100); do grep -q ready "$out" && break; sleep 0.05; done
"$BUILD_DIR/testprog/usdttarget" loop >/dev/null &
p=$!
sleep 0.5
kill $p
wait $p 2>/dev/null
kill -INT $dt
wait $dt
echo "dtrace exit $?"
awk '$1 == "count" { print ($2 > 0 ? "counted" : "not counted") }' "$out"
# (about usdttarget: the session also reads the files other programs of
# the machine run, some of which may have bad notes of their own)
grep -e usdttarget -e "process $p\b" "$TMPDIR/count.err" |
    grep -v "USDT probe dt_usdt:outside is skipped\|truncated USDT note"
exit 0
