# State bounded by what is alive: a -Z session tracing dt_usdt*:MOD::tick
# (its module named, so that the files of other programs on the machine,
# which stay armed while they exist, are not counted) sees 200 binaries
# never seen before (fresh copies of usdttarget), each
# run by 5 processes (2 short-lived ones that fire at once and exit, 3
# that live 40 ms, long enough to be discovered), then deleted.  Once
# they are all gone, the session holds as many file descriptors
# (/proc/PID/fd), as many entries in its usdt_prids, usdt_gen and probes
# maps and as much memory (VmRSS) as after a warm-up round of 20 such
# binaries, within 5%: the links, open files, map entries and memory of a
# binary are released when its last process exits (the state is read
# until it is back, for up to 5 s).  Every firing of a
# discovered process is counted as usual.
name=zb_$$
dir=$TMPDIR/bounded
mkdir -p "$dir"
out=$TMPDIR/zb.out
$DTRACE -Z -q -n 'BEGIN { printf("ready\n"); }
dt_usdt*:'$name'::tick-now, dt_usdt*:'$name'::tick /execname == "'$name'"/ {
	@n = count();
}
END { printa("firings %@d\n", @n); }' >"$out" 2>"$TMPDIR/zb.err" &
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
entries() { # entries of the session's map named $1 (0 if none)
	local id=$(mapid "$1")
	[ -n "$id" ] || { echo 0; return; }
	bpftool map dump id "$id" -j | tr -d ' \n' | grep -o '"key":' | wc -l
}
state() { # fds, map entries, RSS in kB
	echo "$(ls /proc/$dt/fd | wc -l) $(( $(entries dt_usdt_prids) + \
	    $(entries dt_usdt_gen) + $(entries dt_probes) )) $(awk \
	    '/^VmRSS:/ { print $2 }' /proc/$dt/status)"
}
round() { # binaries from $1 to $2
	local b
	for b in $(seq "$1" "$2"); do
		mkdir -p "$dir/$b"
		cp "$BUILD_DIR/testprog/usdttarget" "$dir/$b/$name"
		"$dir/$b/$name" burst 3 >/dev/null &
		p1=$!
		"$dir/$b/$name" burst 3 >/dev/null &
		p2=$!
		"$dir/$b/$name" spawn 3 40 >/dev/null
		wait $p1 $p2
		rm -rf "$dir/$b"
	done
	sleep 1.5
}
within() { # $1 before, $2 after: within 5%?
	[ $(( $2 * 100 )) -le $(( $1 * 105 )) ] && echo yes || echo "no ($1 -> $2)"
}
sanitized() { case ${BUILD_DIR##*/} in build-san*|build-tsan*) ;; *) false ;; esac; }
round 1 20
# before: the lowest of three readings over 1.5 s (a trim may be due)
before=$(state)
for i in 1 2 3; do
	sleep 0.5
	s=$(state)
	[ "${s##* }" -lt "${before##* }" ] && before=$s
done
round 21 220
# the state is let settle for up to 5 s (released files are closed and
# the heap trimmed once a second): a state that stays grown fails
for i in $(seq 10); do
	after=$(state)
	set -- $before $after
	[ "$(within $1 $4)$(within $2 $5)" = yesyes ] &&
	    { sanitized || [ "$(within $3 $6)" = yes ]; } && break
	sleep 0.5
done
kill -INT $dt
wait $dt
echo "dtrace exit $?"
set -- $before $after
echo "before: $before; after: $after" >&2
echo "fds back within 5%: $(within $1 $4)"
echo "map entries back within 5%: $(within $2 $5)"
# RSS: a line only when it is not back (a sanitizer build keeps freed
# memory in its quarantine: not compared there, as unit/churn does not)
if sanitized; then
	echo "RSS not compared under a sanitizer" >&2
else
	r=$(within $3 $6); [ "$r" = yes ] || echo "RSS back within 5%: $r"
fi
n=$(awk '/^firings/ { print $2 }' "$out")
echo "firings counted: $([ "${n:-0}" -gt 0 ] && echo yes || echo no)"
