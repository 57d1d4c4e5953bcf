# The registry must be root's and nobody else's: the daemon refuses a
# directory that is a symbolic link, is owned by another user, or is
# writable by group or others, and a pid file that is not root's; a
# second daemon on a directory a live one keeps is refused, naming it.
# A session does not use a registry it cannot trust (it says so, and
# watches exec and exit itself: its two raw tracepoint links), nor one
# whose daemon is dead (quietly).
. ./lib.sh
refused() { # daemon arguments: its exit status and first error line
	local rc
	timeout 10 "$PD" -F "$@" >/dev/null 2>"$TMPDIR/refuse.err"
	rc=$?
	echo "exit $rc: $(head -1 "$TMPDIR/refuse.err" | sed "s|$TMPDIR|TMP|g")"
}
mkdir -m 0755 "$TMPDIR/real"
ln -s "$TMPDIR/real" "$TMPDIR/link"
echo "symbolic link: $(refused -d "$TMPDIR/link")"
mkdir -m 0755 "$TMPDIR/nobody"
chown nobody "$TMPDIR/nobody"
echo "owned by nobody: $(refused -d "$TMPDIR/nobody")"
mkdir -m 0775 "$TMPDIR/group"
chmod 0775 "$TMPDIR/group"
echo "group-writable: $(refused -d "$TMPDIR/group")"
mkdir -m 0757 "$TMPDIR/other"
chmod 0757 "$TMPDIR/other"
echo "world-writable: $(refused -d "$TMPDIR/other")"
mkdir -m 0755 "$TMPDIR/pidfile"
: >"$TMPDIR/pidfile/dtprobed.pid"
chown nobody "$TMPDIR/pidfile/dtprobed.pid"
echo "pid file of nobody: $(refused -d "$TMPDIR/pidfile")"
sum=$(md5sum </etc/passwd)
mkdir -m 0755 "$TMPDIR/pidlink"
ln -s /etc/passwd "$TMPDIR/pidlink/dtprobed.pid"
echo "pid file a link: $(refused -d "$TMPDIR/pidlink")"
echo "/etc/passwd untouched: $([ "$(md5sum </etc/passwd)" = "$sum" ] && echo yes)"
reg=$TMPDIR/reg
pd_start "$reg" "$TMPDIR/pd.log" || exit 1
echo "second daemon: $(refused -d "$reg" | sed "s/process $pd_pid/process PID/")"

session() { # registry directory: what the session says, its links
	local out=$TMPDIR/session.out dt n
	: >"$out"
	$DTRACE -Z -q -x registry="$1" -n 'BEGIN { printf("ready\n"); }
	    dt_usdt*:::tick-now {}' >"$out" 2>"$TMPDIR/session.err" &
	dt=$!
	pd_extra+=($dt)
	pd_wait "grep -q ready $out"
	n=$(cat /proc/$dt/fdinfo/* 2>/dev/null |
	    grep -cE "^tp_name:	sched_process_(exec|exit)$")
	kill -INT $dt
	wait $dt
	# what it says of malformed notes of files it arms (usdttarget's
	# own, and any other the daemon lists) is not this test's concern
	echo "exit $?, $n exec/exit links$(grep -v "USDT probe .* is skipped\|truncated USDT note" "$TMPDIR/session.err" |
	    sed "s|$TMPDIR|TMP|g; s/^/; /" | tr -d '\n')"
}
echo "session, trusted registry: $(session "$reg")"
chown nobody "$reg"
echo "session, registry of nobody: $(session "$reg")"
chown root "$reg"
chmod 0777 "$reg"
echo "session, world-writable registry: $(session "$reg")"
chmod 0755 "$reg"
kill $pd_pid
wait $pd_pid
echo "session, daemon stopped: $(session "$reg")"
echo "session, no registry: $(session "$TMPDIR/none")"
