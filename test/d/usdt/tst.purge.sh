# Purging: 1,000 processes of a binary the session knows (a copy of
# usdttarget running loop: each fires dt_usdt:tick-now at once, then every
# 20 ms), 50 at a time (usdttarget spawn), each living 0.2 s more: long enough to be
# discovered, which gives it a usdt_gen entry and usdt_prids entries.
# Every process is counted (all from their first firing), entries exist
# while they run, and once they are gone usdt_prids and usdt_gen hold no
# entry for a dead process: only the fallback entry (process id 0) of the
# one shared probe is left.
name=zp_$$
cp "$BUILD_DIR/testprog/usdttarget" "$TMPDIR/$name"
"$TMPDIR/$name" loop >"$TMPDIR/zp.first" &
first=$!
for i in $(seq 100); do [ -s "$TMPDIR/zp.first" ] && break; sleep 0.05; done
out=$TMPDIR/zp.out
$DTRACE -Z -q -n 'BEGIN { printf("ready\n"); }
dt_usdt*:'$name'::tick-now /pid != '$first' && execname == "'$name'"/ {
	@[pid] = count();
}
END { printa("%d %@d\n", @); }' >"$out" 2>"$TMPDIR/zp.err" &
dt=$!
for i in $(seq 100); do grep -q ready "$out" && break; sleep 0.05; done
mapid() { # the id of the session's map named $1
	local f id
	for f in /proc/$dt/fdinfo/*; do
		id=$(awk '/^map_id:/ { print $2 }' "$f" 2>/dev/null)
		[ -n "$id" ] && bpftool map show id "$id" 2>/dev/null |
		    grep -q " name $1 " && { echo "$id"; return; }
	done
}
prids=$(mapid dt_usdt_prids)
gens=$(mapid dt_usdt_gen)
keypids() { # the process ids in the keys of map $1 (4 bytes first)
	bpftool map dump id "$1" -j | tr -d ' \n' | grep -o '"key":\[[^]]*' |
	    awk -F'"' 'function hex(h,   v, i) {
		v = 0
		for (i = 3; i <= length(h); i++)
			v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
		return v
	    } { print hex($4) + 256 * hex($6) + 65536 * hex($8) + 16777216 * hex($10) }'
}
seen=0
for b in $(seq 20); do
	"$TMPDIR/$name" spawn 50 200 &
	sp=$!
	sleep 0.2
	for p in $(keypids "$prids"); do
		[ "$p" != 0 ] && [ "$p" != "$first" ] && seen=$((seen + 1))
	done
	wait $sp
done
sleep 1.5
echo "entries of running processes seen: $([ "$seen" -gt 0 ] && echo yes || echo no)"
dead=0 zero=0 live=0
for p in $(keypids "$prids"); do
	if [ "$p" = 0 ]; then zero=$((zero + 1))
	elif [ -d "/proc/$p" ]; then live=$((live + 1))
	else dead=$((dead + 1)); fi
done
echo "usdt_prids: $dead of dead processes, $zero fallback, $live of the live one"
dead=0
for p in $(keypids "$gens"); do [ -d "/proc/$p" ] || dead=$((dead + 1)); done
echo "usdt_gen: $dead of dead processes"
kill -INT $dt
wait $dt
echo "dtrace exit $?"
kill $first
wait $first 2>/dev/null
echo "processes counted: $(grep -c '^[0-9]' "$out")"
