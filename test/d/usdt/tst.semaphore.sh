# An is-enabled probe: its semaphore is set only while a session traces
# it, and only in the traced process.  usdttarget loop fires
# dt_usdt:guarded every 20 ms when its semaphore says it is traced, and on
# SIGUSR1 prints how many times it has: 0 before the session, at least 5
# at its end, no more after it; 0 in another process of the same file.
out=$(mktemp)
other=$(mktemp)
"$BUILD_DIR/testprog/usdttarget" loop >"$other" &
bg2=$!
"$BUILD_DIR/testprog/usdttarget" loop >"$out" &
bg=$!
for i in $(seq 50); do [ -s "$out" ] && break; sleep 0.05; done
pid=$(head -1 "$out")
guarded() { # the count the program prints on SIGUSR1
	local n=$(grep -c guarded "$out")
	kill -USR1 "$bg"
	for i in $(seq 100); do
		[ "$(grep -c guarded "$out")" -gt "$n" ] && break
		sleep 0.02
	done
	grep guarded "$out" | tail -1 | awk '{ print $2 }'
}
sleep 0.2
echo "before: $(guarded)"
$DTRACE -q -p "$pid" -n 'dt_usdt$target:::guarded /++n == 5/ {
	printf("fired 5 times, arg0 %s\n", arg0 > 0 ? "> 0" : "0");
	exit(0);
}
tick-5s { printf("guarded did not fire\n"); exit(0); }'
echo "dtrace exit $?"
during=$(guarded)
sleep 0.3
after=$(guarded)
echo "at the end: $([ "$during" -ge 5 ] && echo ">= 5" || echo "$during")"
echo "after: $([ "$after" = "$during" ] && echo "no more" || echo "$during then $after")"
kill -USR1 "$bg2"
for i in $(seq 100); do grep -q guarded "$other" && break; sleep 0.02; done
echo "another process: $(grep guarded "$other")"
kill "$bg" "$bg2"
wait "$bg" "$bg2" 2>/dev/null
rm -f "$out" "$other"
