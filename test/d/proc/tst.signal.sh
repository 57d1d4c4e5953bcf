# proc:::signal-send in the sender, with the receiver's lwpsinfo_t and
# psinfo_t and the signal; signal-handle in the receiver (signal,
# siginfo_t, handler); signal-discard for a signal the receiver ignores
# (not the SIGCHLD, 17, that the exiting shell sends dtrace).
cat >$TMPDIR/dt-sig.sh <<'SH'
trap : USR1
trap '' USR2
kill -USR1 $$
kill -USR2 $$
SH
$DTRACE -q -c "sh $TMPDIR/dt-sig.sh" \
    -n 'proc:::signal-send /pid == $target/ {
	printf("send %d %d %d\n", args[2], args[1]->pr_pid == $target,
	    args[0]->pr_lwpid == $target);
}' \
    -n 'proc:::signal-discard /pid == $target && args[2] != 17/ { printf("discard %d %d\n", args[2], args[1]->pr_pid == $target); }' \
    -n 'proc:::signal-handle /pid == $target/ {
	printf("handle %d %d %d %d\n", args[0], args[1]->si_signo,
	    args[1]->si_code == 0, args[2] != 0);
}'
echo "rc=$?"
# kill(1) of a sleeping child: the sender is kill, the receiver sleep
cat >$TMPDIR/dt-sig2.sh <<'SH'
sleep 10 &
while [ "$(cat /proc/$!/comm)" != sleep ]; do :; done
/bin/kill -TERM $!
wait
SH
$DTRACE -q -c "sh $TMPDIR/dt-sig2.sh" \
    -n 'proc:::signal-send /progenyof($target) && args[2] == 15/ {
	printf("%s -> %s %d\n", execname, args[1]->pr_fname,
	    args[1]->pr_ppid == $target);
}'
echo "rc=$?"
rm -f $TMPDIR/dt-sig.sh $TMPDIR/dt-sig2.sh
