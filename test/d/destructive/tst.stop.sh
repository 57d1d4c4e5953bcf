# stop() on a -c process: it stops (state T) in the system call its probe
# fired on; the test continues it (SIGCONT), it runs to its end, and the
# session ends with it.
prog="$BUILD_DIR/testprog/sigtarget"
f="$TMPDIR/stop.pid"
rm -f "$f"
$DTRACE -q -w -c "$prog stop $f" -n '
syscall::getpgid:entry
/pid == $target/
{
	stop();
	n++;
}

END
{
	printf("stop() called %d time(s)\n", n);
}' >"$TMPDIR/stop.out" &
dt=$!
pid=
for i in $(seq 200); do
	[ -s "$f" ] && pid=$(cat "$f") && [ -n "$pid" ] && break
	sleep 0.05
done
st=none
for i in $(seq 200); do
	st=$(sed -E 's/^[0-9]+ \(.*\) ([A-Za-z]).*/\1/' "/proc/$pid/stat" 2>/dev/null)
	[ "$st" = T ] && break
	sleep 0.05
done
echo "state: $st"
kill -CONT "$pid"
wait $dt
echo "dtrace exit $?"
cat "$TMPDIR/stop.out"
rm -f "$f" "$TMPDIR/stop.out"
