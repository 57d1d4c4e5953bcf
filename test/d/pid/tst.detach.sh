# Nothing stays attached: while dtrace traces dt_pt_tick, the process's
# copy of its first byte is a breakpoint (int3, cc); once dtrace has
# exited it is the file's byte again, and the process runs on.
prog="$BUILD_DIR/testprog/pidtarget-nopie"
addr=$(nm "$prog" | awk '$3 == "dt_pt_tick" { print $1 }')
byte() { # pid
	dd if=/proc/$1/mem bs=1 skip=$((16#$addr)) count=1 2>/dev/null |
	    od -An -tx1 | tr -d ' '
}
out=$(mktemp)
"$prog" loop >"$out" &
bg=$!
for i in $(seq 50); do [ -s "$out" ] && break; sleep 0.05; done
pid=$(cat "$out")
echo "before: $(byte $pid)"
$DTRACE -q -p "$pid" -n 'pid$target:a.out:dt_pt_tick:entry { n++; }
    pid$target:a.out:dt_pt_tick:entry /n == 100/ { exit(0); }' &
dt=$!
# dt_pt_tick runs every 20 ms: at least 2 s to look (a poll takes
# hundreds of ms in the qemu lane under load)
during=none
while kill -0 $dt 2>/dev/null; do
	during=$(byte $pid)
	[ "$during" = cc ] && break
	sleep 0.01
done
echo "during: $during"
wait $dt
echo "dtrace exit $?"
echo "after: $(byte $pid)"
kill -0 "$pid" && echo "still running"
kill "$bg"
wait "$bg" 2>/dev/null
rm -f "$out"
