# The registry directory removed and created again under a session (the
# daemon never removes it, an administrator may): the session watches the
# parent until the directory is back, then watches it again, and a
# process started after a new daemon came up is traced.
. ./lib.sh
reg=$TMPDIR/reg
log=$TMPDIR/pd.log
out=$TMPDIR/recreate.out
cp "$BUILD_DIR/testprog/usdttarget" "$TMPDIR/pdrecreate"
pd_start "$reg" "$log" || exit 1
$DTRACE -Z -q -x registry="$reg" -n 'BEGIN { printf("ready\n"); }
dt_usdt*:pdrecreate::tick-now { @[pid] = count(); }' >"$out" 2>"$TMPDIR/recreate.err" &
dt=$!
pd_extra+=($dt)
pd_wait "grep -q ready $out" || echo "the session did not start"
links() { pd_links $dt; }
kill $pd_pid
wait $pd_pid
rm -rf "$reg"
sleep 0.2
pd_start "$reg" "$log" || exit 1
"$TMPDIR/pdrecreate" loop >/dev/null &
p=$!
pd_extra+=($p)
pd_wait '[ "$(links)" -ge 1 ]'
echo "after the directory came back: $(links) link"
pd_wait "[ -e $reg/$p ]" && echo "registered: yes"
kill $p
wait $p 2>/dev/null
sleep 0.2
echo "after it exited: $(links) links (the file's shared probe stays)"
kill -INT $dt
wait $dt
echo "dtrace exit $?"
c=$(awk -v p=$p '$1 == p { print $2 }' "$out")
echo "process: $([ "${c:-0}" -gt 0 ] && echo counted || echo "not counted")"
echo "session warnings about the registry: $(grep -c registry "$TMPDIR/recreate.err")"
