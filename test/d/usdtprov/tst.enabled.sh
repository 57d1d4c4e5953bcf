# DTPROV_GUARDED_ENABLED() of a provider declared in D (usdtprov, built
# with dtrace -h and -G) reads the probe's semaphore: false before a
# session traces dtprov:::guarded, true while one does (-p), false after;
# the guarded probe fires only while it is true (30 times: the session
# ends at the 30th).
out=$TMPDIR/enabled.out
"$BUILD_DIR/testprog/usdtprov" loop >"$out" &
bg=$!
for i in $(seq 50); do [ -s "$out" ] && break; sleep 0.05; done
pid=$(head -1 "$out")
report() { # "guarded K E" after a SIGUSR1
	local n=$(grep -c guarded "$out")
	kill -USR1 "$bg"
	for i in $(seq 100); do
		[ "$(grep -c guarded "$out")" -gt "$n" ] && break
		sleep 0.02
	done
	grep guarded "$out" | tail -1
}
sleep 0.1
echo "before: $(report)"
# at the 5th firing the program reports (while traced), at the 30th the
# session ends
$DTRACE -q -w -p "$pid" -n 'dtprov$target:::guarded /++n == 5/ {
	printf("fired 5 times, args[0] %s\n", args[0] > 0 ? "> 0" : "0");
	system("kill -USR1 %d", pid);
}
dtprov$target:::guarded /n == 30/ { exit(0); }
tick-5s { printf("guarded did not fire enough\n"); exit(0); }'
echo "dtrace exit $?"
sleep 0.1
during=$(grep guarded "$out" | tail -1)
echo "during: $(awk '{ print ($2 >= 5 ? ">= 5" : $2), $3 }' <<<"$during")"
end=$(report)
echo "at the end: $(awk '{ print ($2 >= 30 ? ">= 30" : $2), $3 }' <<<"$end")"
sleep 0.2
after=$(report)
echo "after: enabled $(awk '{ print $3 }' <<<"$after"), $(
    [ "$(awk '{ print $2 }' <<<"$after")" = "$(awk '{ print $2 }' <<<"$end")" ] &&
    echo "no more firings" || echo "fired again: $end, $after")"
kill "$bg"
wait "$bg" 2>/dev/null || true
