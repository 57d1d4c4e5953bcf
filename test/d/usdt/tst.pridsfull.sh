# A usdt_prids map too small (option usdtprids): the fallback entry of the
# one shared probe takes its only entry, so no process gets its own; each
# is reported as not traced, naming the map and the option, and the
# session carries on: the fallback still counts every firing of the
# processes started while it runs (3 x 10).
name=zf_$$
cp "$BUILD_DIR/testprog/usdttarget" "$TMPDIR/$name"
"$TMPDIR/$name" loop >"$TMPDIR/zf.first" &
first=$!
for i in $(seq 100); do [ -s "$TMPDIR/zf.first" ] && break; sleep 0.05; done
out=$TMPDIR/zf.out
$DTRACE -Z -q -x usdtprids=1 -n 'BEGIN { printf("ready\n"); }
dt_usdt*:'$name'::tick { @ = count(); }
END { printa("tick %@d\n", @); }' >"$out" 2>"$TMPDIR/zf.err" &
dt=$!
for i in $(seq 100); do grep -q ready "$out" && break; sleep 0.05; done
for i in 1 2 3; do "$TMPDIR/$name" burst 10; done
sleep 0.5
kill -INT $dt
wait $dt
echo "dtrace exit $?"
kill $first
wait $first 2>/dev/null
grep '^tick ' "$out"
grep -c "^dtrace: process $first is not traced: the usdt_prids map is full (option usdtprids: 1)$" "$TMPDIR/zf.err"
