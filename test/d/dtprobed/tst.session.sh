# A -Z session with dtprobed running learns of new processes from the
# registry: it holds an inotify watch and, of its own exec/exit programs,
# only the exit one (which keeps the shared probes' usdt_gen map free of
# dead processes in the kernel).  A usdttarget copy started after the
# session began, a binary never seen, is discovered through the registry:
# its file gets one shared uprobe_multi link of the session (no pid), and
# its firings are counted under its pid.  The daemon killed: a process of
# the same file started meanwhile is still traced from its first firing,
# by the shared probe; the daemon started again rebuilds the registry
# from /proc and removes the stale file of a process that exited
# meanwhile.  A process started after the restart is counted too; the
# shared link stays until the session ends.
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
tpx=$(cat /proc/$dt/fdinfo/* 2>/dev/null |
    grep -cE "^tp_name:	sched_process_exec$")
tpe=$(cat /proc/$dt/fdinfo/* 2>/dev/null |
    grep -cE "^tp_name:	sched_process_exit$")
echo "session: $ino inotify watch, $tpx exec link, $tpe exit link"
links() { pd_links $dt; }
target() { # start the copy of usdttarget; its pid in $p
	"$TMPDIR/pdsession" loop >/dev/null &
	p=$!
	pd_extra+=($p)
}
target; p1=$p
pd_wait '[ "$(links)" -ge 1 ]'
echo "first, daemon running: $(links) shared link"

kill -9 $pd_pid
wait $pd_pid 2>/dev/null
target; p2=$p
kill $p1
wait $p1 2>/dev/null
sleep 0.5
echo "second, daemon down: $(links) shared link"
echo "first exited, daemon down: file $([ -e $reg/$p1 ] && echo left || echo gone)"
pd_start "$reg" "$log" || exit 1
pd_wait "[ ! -e $reg/$p1 ]"
echo "daemon restarted: first's file $([ -e $reg/$p1 ] && echo left || echo gone), second's $([ -e $reg/$p2 ] && echo there || echo missing)"
target; p3=$p
pd_wait "[ -e $reg/$p3 ]"
sleep 0.3
echo "third, after the restart: $(links) shared link"
kill $p2 $p3
wait $p2 $p3 2>/dev/null
sleep 0.1
echo "after they exited: $(links) shared link"
kill -INT $dt
wait $dt
echo "dtrace exit $?"
for q in $p1 $p2 $p3; do
	c=$(awk -v p=$q '$1 == p { print $2 }' "$out")
	echo "process: $([ "${c:-0}" -gt 0 ] && echo counted || echo "not counted")"
done
