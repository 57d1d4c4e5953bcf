# Semaphores of shared probes: a session with dt_usdt*:MOD::guarded (MOD
# a copy of usdttarget of its own) places one uprobe without a process
# filter, with the semaphore as reference counter, and the kernel counts
# it up in every process mapping the file: A, running before the session,
# fires guarded only while the session runs; B, started during it, from
# its very first tick (its guarded count equals its ticks), and the
# session saw B's first firing (arg0 0: tick 0).  After the session
# neither fires any more.
name=zs_$$
cp "$BUILD_DIR/testprog/usdttarget" "$TMPDIR/$name"
start() { # a process of the copy: its pid in $pid, output in $TMPDIR/$1
	"$TMPDIR/$name" loop >"$TMPDIR/$1" &
	pid=$!
	for i in $(seq 100); do [ -s "$TMPDIR/$1" ] && break; sleep 0.05; done
}
report() { # "guarded G ticks T" from process $1 (output file $2)
	local n=$(grep -c ticks "$TMPDIR/$2")
	kill -USR2 "$1"
	for i in $(seq 100); do
		[ "$(grep -c ticks "$TMPDIR/$2")" -gt "$n" ] && break
		sleep 0.02
	done
	grep ticks "$TMPDIR/$2" | tail -1
}
g() { awk '{ print $2 }' <<<"$1"; }
t() { awk '{ print $4 }' <<<"$1"; }
start a
a=$pid
sleep 0.2
echo "A before: $(g "$(report $a a)")"
out=$TMPDIR/zs.out
$DTRACE -Z -q -n 'BEGIN { printf("ready\n"); }
dt_usdt*:'$name'::guarded { @[pid] = min(arg0); }
END { printa("%d %@d\n", @); }' >"$out" 2>"$TMPDIR/zs.err" &
dt=$!
for i in $(seq 100); do grep -q ready "$out" && break; sleep 0.05; done
start b
b=$pid
sleep 0.5
r=$(report $a a)
echo "A during: $([ "$(g "$r")" -gt 0 ] && echo "> 0" || echo "$r")"
r=$(report $b b)
echo "B during: $([ "$(g "$r")" = "$(t "$r")" ] && echo "every tick" || echo "$r")"
kill -INT $dt
wait $dt
echo "dtrace exit $?"
ra=$(report $a a)
rb=$(report $b b)
sleep 0.3
ra2=$(report $a a)
rb2=$(report $b b)
echo "A after: $([ "$(g "$ra")" = "$(g "$ra2")" ] && echo "no more" || echo "$ra then $ra2")"
echo "B after: $([ "$(g "$rb")" = "$(g "$rb2")" ] && echo "no more" || echo "$rb then $rb2")"
echo "B's first firing seen: $(awk -v p=$b '$1 == p { print "tick", $2 }' "$out")"
kill $a $b
wait $a $b 2>/dev/null || true
