# Zero misses for a binary the session knows: a copy of usdttarget (its
# own name, so that other programs' probes do not count) runs when
# dtrace -Z starts, so its probes are shared (one uprobe without a
# process filter per site) from the start.  Then 50 processes of it each
# fire dt_usdt:tick 20 times at once and exit, long before discovery
# could read them: the fallback entry of usdt_prids runs their clauses
# from the first firing, so the count is exactly 50 x 20.  The module
# field is matched per site: a clause naming another module counts
# nothing, one naming the copy's counts the same.  A clause that uses
# probeprov & co runs from the first firing too, with the process's own
# names (probeprov dt_usdtPID: the fallback entry gives the process id,
# which the program writes after the provider's name).  Records of such
# firings name the process's own probe (dt_usdtPID), made by the
# consumer from the record's pid.
name=zm_$$
cp "$BUILD_DIR/testprog/usdttarget" "$TMPDIR/$name"
"$TMPDIR/$name" loop >"$TMPDIR/zm.first" &
first=$!
for i in $(seq 100); do [ -s "$TMPDIR/zm.first" ] && break; sleep 0.05; done
out=$TMPDIR/zm.out
$DTRACE -Z -q -x strsize=64 -n 'BEGIN { printf("ready\n"); }
dt_usdt*:::tick /execname == "'$name'"/ { @all = count(); }
dt_usdt*:'$name'::tick { @mod = count(); }
dt_usdt*:nosuchmodule::tick { @other = count(); }
dt_usdt*:::tick /execname == "'$name'"/ {
	this->own = strjoin("dt_usdt", lltostr(pid));
	@names[probeprov == this->own ? "own" : probeprov, probemod,
	    probefunc, probename] = count(); }
END { printa("all %@d\n", @all); printa("mod %@d\n", @mod);
    printa("other %@d\n", @other);
    printa("names %s %s %s %s %@d\n", @names); }' >"$out" 2>"$TMPDIR/zm.err" &
dt=$!
for i in $(seq 100); do grep -q ready "$out" && break; sleep 0.05; done
for i in $(seq 50); do
	"$TMPDIR/$name" burst 20
done
sleep 0.5
kill -INT $dt
wait $dt
echo "dtrace exit $?"
grep -E '^(all|mod|other|names) ' "$out" | sed "s/ $name / MOD /"
# records: each names the process's own probe, dt_usdt<the pid traced>
out=$TMPDIR/zm.json
$DTRACE -Z -x oformat=json -n 'BEGIN { printf("ready\n"); }
dt_usdt*:'$name'::tick /arg0 == 19/ { trace(pid); }' >"$out" 2>"$TMPDIR/zm.err" &
dt=$!
for i in $(seq 100); do grep -q ready "$out" && break; sleep 0.05; done
for i in $(seq 5); do
	"$TMPDIR/$name" burst 20
done
sleep 0.5
kill -INT $dt
wait $dt
echo "dtrace exit $?"
kill $first
wait $first 2>/dev/null
awk '/"name":"tick"/ {
	if (match($0, /"provider":"dt_usdt[0-9]+"/)) {
		p = substr($0, RSTART + 19, RLENGTH - 20)
		if (match($0, /"value":[0-9]+/) &&
		    substr($0, RSTART + 8, RLENGTH - 8) == p) ok++
		else bad++
	} else bad++
} END { printf "records naming their process: %d, others: %d\n", ok, bad }' "$out"
