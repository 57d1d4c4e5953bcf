# SIGKILL of dtrace itself, while it traces syscalls, profile and tick
# events, a pid probe (uprobe), a USDT probe with a semaphore in another
# process, and thread-local variables: nothing of the session stays in the
# kernel.  Its programs, maps and links die with its descriptors (checked
# by id); it pins nothing (bpffs) and writes no tracefs uprobe_events
# (checked); the USDT semaphore it raised is dropped again (the traced
# program stops seeing itself traced); its -c child dies with it.
. ./common.sh
fifo=$TMPDIR/kill.fifo
mkfifo $fifo
"$BUILD_DIR/testprog/usdttarget" loop >$fifo &
usdt=$!
exec 3<$fifo
read -t 5 -r _ <&3	# its pid: it runs
before=$(cat /sys/kernel/tracing/uprobe_events 2>/dev/null | wc -l)
$DTRACE -q -c "$BUILD_DIR/testprog/pidtarget loop" -n '
syscall::read:entry { self->n++; @reads = count(); }
profile-97 { @prof = count(); }
tick-10ms { @ticks = count(); }
pid$target::dt_pt_tick:entry, pid$target::dt_pt_tick:return { @pid = count(); }
'"dt_usdt$usdt:::guarded"' { @guarded = count(); }
' >/dev/null 2>$TMPDIR/kill.err &
dt=$!
wait_objs $dt 5 || echo "tracing did not start: $(cat $TMPDIR/kill.err)"
sleep 0.3
objs=$(held_objs $dt)
child=$(child_of $dt)
echo "objects held: $( [ $(wc -l <<<"$objs") -ge 10 ] && echo many || echo "few: $objs")"
kill -USR1 $usdt; read -t 2 -r a <&3
sleep 0.1
kill -USR1 $usdt; read -t 2 -r b <&3
[ "${a#guarded }" -lt "${b#guarded }" ] && echo "semaphore raised while traced"
kill -KILL $dt
wait $dt 2>/dev/null
objs_gone "$objs" && echo "programs, maps and links gone"
after=$(cat /sys/kernel/tracing/uprobe_events 2>/dev/null | wc -l)
[ "$after" -le "$before" ] && echo "no uprobe_events entry"
ls /sys/fs/bpf 2>/dev/null | grep -q '^dt_' && echo "pinned: $(ls /sys/fs/bpf)"
sleep 0.2
kill -USR1 $usdt; read -t 2 -r a <&3
sleep 0.1
kill -USR1 $usdt; read -t 2 -r b <&3
[ "$a" = "$b" ] && echo "semaphore dropped"
# killed by its parent's death (a zombie until it is reaped is dead)
for try in $(seq 1 20); do
	st=$(awk '{ print $3 }' /proc/"$child"/stat 2>/dev/null)
	[ -z "$st" ] || [ "$st" = Z ] && break
	sleep 0.1
done
[ -n "$st" ] && [ "$st" != Z ] && echo "the -c child still runs ($st)"
kill $usdt
wait $usdt 2>/dev/null
exec 3<&-
rm -f $fifo $TMPDIR/kill.err
