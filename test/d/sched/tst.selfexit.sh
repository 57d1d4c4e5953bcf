# self-> entries of exited threads are deleted even when set after
# sched_process_exit, by the thread's last sched:::off-cpu (its final
# switch): 300 children each set one in a 4k dynamic variable space,
# which holds about 200; without the deletion on sched_process_free it
# fills up and dtrace reports dynamic variable drops.  (Firings the
# kernel skipped because a program of ours was already running on the
# CPU are reported too, and happen under load: not this test's subject.)
printf 'for i in $(seq 300); do /bin/true; done\n' >$TMPDIR/dt-many.sh
$DTRACE -q -x dynvarsize=4k -c "sh $TMPDIR/dt-many.sh" \
    -n 'sched:::off-cpu /progenyof($target) && pid != $target/ { self->x = 1; n++; }' \
    -n 'END { printf("off-cpu >= 300: %d\n", n >= 300); }' 2>&1 |
    grep -v 'probe firings missed'
echo "rc=${PIPESTATUS[0]}"
rm -f $TMPDIR/dt-many.sh
