# A -Z session with dtprobed running learns of new processes from the
# registry: it holds an inotify watch and no exec/exit programs of its
# own.  A usdttarget started after the session began is traced (one
# uprobe_multi link of the session names its pid) and its firings are
# counted under its pid.  The daemon killed: a process started meanwhile
# is not found while it is down, and is when the daemon starts again and
# rebuilds the registry from /proc; a process that exited meanwhile has
# its stale file removed and its link closed.  A process started after
# the restart is found; links of exited processes are closed.
. ./lib.sh
reg=$TMPDIR/reg
log=$TMPDIR/pd.log
out=$TMPDIR/session.out
# a copy of usdttarget of the test's own: other usdttargets on the
# machine are not the session's (its description names the module)
cp "$BUILD_DIR/testprog/usdttarget" "$TMPDIR/pdsession"
pd_start "$reg" "$log" || exit 1
$DTRACE -Z -q -x registry="$reg" -n 'BEGIN { printf("ready\n"); }
dt_usdt*:pdsession::tick-now { @[pid] = count(); }' >"$out" 2>"$TMPDIR/session.err" &
dt=$!
pd_extra+=($dt)
pd_wait "grep -q ready $out" || echo "the session did not start"
ino=$(for f in /proc/$dt/fd/*; do readlink "$f"; done | grep -c inotify)
tp=$(cat /proc/$dt/fdinfo/* 2>/dev/null |
    grep -cE "^tp_name:	sched_process_(exec|exit)$")
echo "session: $ino inotify watch, $tp exec/exit links"
links() { # the session's uprobe_multi links for process $1 (or all)
	cat /proc/$dt/fdinfo/* 2>/dev/null | awk -v pid="${1:-}" '
	    /^pos:/ { if (um && (pid == "" || p == pid)) n++; um = 0; p = "" }
	    /^link_type:\tuprobe_multi$/ { um = 1 }
	    /^pid:\t/ { p = $2 }
	    END { if (um && (pid == "" || p == pid)) n++; print n + 0 }'
}
target() { # start the copy of usdttarget; its pid in $p
	"$TMPDIR/pdsession" loop >/dev/null &
	p=$!
	pd_extra+=($p)
}
target; p1=$p
pd_wait '[ "$(links $p1)" -ge 1 ]'
echo "first, daemon running: $(links $p1) link"

kill -9 $pd_pid
wait $pd_pid 2>/dev/null
target; p2=$p
kill $p1
wait $p1 2>/dev/null
sleep 0.5
echo "second, daemon down: $(links $p2) link"
# a dead process's link names no pid: count the session's links
echo "first exited, daemon down: $(links) link in all, file $([ -e $reg/$p1 ] && echo left || echo gone)"
pd_start "$reg" "$log" || exit 1
pd_wait '[ "$(links $p2)" -ge 1 ]'
echo "second, daemon restarted: $(links $p2) link"
pd_wait '[ "$(links)" -eq 1 ]'
echo "first, daemon restarted: $(links) link in all, file $([ -e $reg/$p1 ] && echo left || echo gone)"
target; p3=$p
pd_wait '[ "$(links $p3)" -ge 1 ]'
echo "third, after the restart: $(links $p3) link"
kill $p2 $p3
wait $p2 $p3 2>/dev/null
pd_wait '[ "$(links)" -eq 0 ]'
echo "after they exited: $(links) links"
sleep 0.1
kill -INT $dt
wait $dt
echo "dtrace exit $?"
for q in $p1 $p2 $p3; do
	c=$(awk -v p=$q '$1 == p { print $2 }' "$out")
	echo "process: $([ "${c:-0}" -gt 0 ] && echo counted || echo "not counted")"
done
