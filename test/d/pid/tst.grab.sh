# -p on a running process: its executable (a.out) and its libraries
# (libc, by the basename up to a ".") from /proc/PID/maps.
out=$(mktemp)
"$BUILD_DIR/testprog/pidtarget" loop >"$out" &
bg=$!
for i in $(seq 50); do [ -s "$out" ] && break; sleep 0.05; done
pid=$(cat "$out")
$DTRACE -q -p "$pid" -n '
pid$target:a.out:dt_pt_tick:entry { n++; }
pid$target:libc:clock_nanosleep:entry { c++; }
pid$target:a.out:dt_pt_tick:return /n == 3/
{
	printf("%d ticks in %s, returned %s, libc %s\n", n, probemod,
	    arg1 > 0 ? "> 0" : "<= 0", c >= 2 ? "seen" : "not seen");
	exit(0);
}'
echo "dtrace exit $?"
kill -0 "$pid" && echo "still running"
kill "$bg"
wait "$bg" 2>/dev/null
rm -f "$out"
