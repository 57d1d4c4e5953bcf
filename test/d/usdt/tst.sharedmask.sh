# The clauses a shared probe runs are chosen per process (the clause mask
# of its usdt_prids entry): with two processes A and B of one file, both
# running when the session starts, dt_usdtA*:MOD::tick-now (a provider
# glob that names A's provider, not B's) counts A only, dt_usdt*:MOD::
# tick-now both, and a clause using probeprov gives each its own
# provider name.  All through the one shared link: neither process has a
# link of its own.
name=zk_$$
cp "$BUILD_DIR/testprog/usdttarget" "$TMPDIR/$name"
"$TMPDIR/$name" loop >/dev/null &
a=$!
while :; do
	"$TMPDIR/$name" loop >/dev/null &
	b=$!
	case $b in $a*) kill $b; wait $b 2>/dev/null ;; *) break ;; esac
done
sleep 0.2
out=$TMPDIR/zk.out
$DTRACE -Z -q -n 'BEGIN { printf("ready\n"); }
dt_usdt'$a'*:'$name'::tick-now { @x[pid] = count(); }
dt_usdt*:'$name'::tick-now { @y[pid] = count(); }
dt_usdt*:'$name'::tick-now { @z[pid, probeprov] = count(); }
END { printa("x %d %@d\n", @x); printa("y %d %@d\n", @y);
    printa("z %d %s %@d\n", @z); }' \
    >"$out" 2>"$TMPDIR/zk.err" &
dt=$!
for i in $(seq 100); do grep -q ready "$out" && break; sleep 0.05; done
sleep 0.5
own=0
for f in /proc/$dt/fdinfo/*; do
	grep -qx "link_type:	uprobe_multi" "$f" 2>/dev/null &&
	    grep -qE "^pid:	($a|$b)$" "$f" 2>/dev/null && own=$((own + 1))
done
echo "links of the processes' own: $own"
kill -INT $dt
wait $dt
echo "dtrace exit $?"
kill $a $b
wait $a $b 2>/dev/null || true
# the keys of each line that counted something, A and B for the pids
awk -v a=$a -v b=$b 'function n(s) {
	if (s == a) return "A"
	if (s == b) return "B"
	if (s == "dt_usdt" a) return "dt_usdtA"
	if (s == "dt_usdt" b) return "dt_usdtB"
	return s
} /^[xy] / && $3 > 0 { print $1, n($2) }
/^z / && $4 > 0 { print $1, n($2), n($3) }' "$out" | sort
