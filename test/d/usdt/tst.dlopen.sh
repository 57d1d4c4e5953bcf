# Discovery sees the libraries a process loads with dlopen() after it
# started: the session hooks the dynamic loader (_dl_debug_state) for
# every process, and each change of a process's objects makes the
# consumer read its modules again.  Three processes started after the
# session load libusdtlib.so and fire dt_usdt:lib_fire 10 times at once,
# then 10 times 500 ms later, under their own names (probeprov
# dt_usdtPID).  The later firings are all traced; so are those at once
# of the second and third processes, since the first made the library a
# file the session knows (its shared probe serves every process); those
# at once of the first may be missed (the consumer was not there yet).
lib="$BUILD_DIR/testprog/libusdtlib.so"
out=$TMPDIR/dl.out
$DTRACE -Z -q -x strsize=64 -n 'BEGIN { printf("ready\n"); }
dt_usdt*:::lib_fire /execname == "pidtarget"/ {
	this->own = strjoin("dt_usdt", lltostr(pid));
	@[probeprov == this->own ? "own" : probeprov,
	    arg0 < 10 ? "at once" : "later"] = count(); }
END { printa("%s %s %@d\n", @); }' >"$out" 2>"$TMPDIR/dl.err" &
dt=$!
for i in $(seq 100); do grep -q ready "$out" && break; sleep 0.05; done
for i in 1 2 3; do
	"$BUILD_DIR/testprog/pidtarget" dlopen "$lib" 10 500 || echo "run $i failed"
done
sleep 0.3
kill -INT $dt
wait $dt
echo "dtrace exit $?"
cat "$TMPDIR/dl.err"
awk '$1 == "own" && $2 == "later" { print "later:", $3 }
$1 == "own" && $2 == "at" { print "at once, at least 20:", ($4 >= 20 && $4 <= 30) ? "yes" : $4 }
$1 != "own" && $1 != "ready" && NF > 0 { print "other:", $0 }' "$out"
