# proc:::exit's args[0] is the reason, a SIGCHLD code: CLD_EXITED (1) for
# exit(), CLD_KILLED (2) for a signal; it fires once per process, when
# its last thread exits, lwp-exit for every thread.
echo 'exit 3' >$TMPDIR/dt-exit1.sh
$DTRACE -q -c "sh $TMPDIR/dt-exit1.sh" \
    -n 'proc:::exit /pid == $target/ { printf("exit %d code %d\n", args[0], curthread->exit_code >> 8); }' \
    -n 'proc:::lwp-exit /pid == $target/ { printf("lwp-exit\n"); }'
echo "rc=$?"
echo 'kill -KILL $$' >$TMPDIR/dt-exit2.sh
$DTRACE -q -c "sh $TMPDIR/dt-exit2.sh" \
    -n 'proc:::exit /pid == $target/ { printf("exit %d\n", args[0]); }'
echo "rc=$?"
# python: two threads, then one exit; lwp-exit for each of 3 threads
printf 'import threading\nt = [threading.Thread(target=int) for i in range(2)]\n[x.start() for x in t]\n[x.join() for x in t]\n' >$TMPDIR/dt-thr.py
$DTRACE -q -c "/usr/bin/python3 $TMPDIR/dt-thr.py" \
    -n 'proc:::lwp-create /pid == $target/ { c++; p = args[1]->pr_pid == $target; l = args[0]->pr_lwpid != $target; }' \
    -n 'proc:::lwp-exit /pid == $target/ { e++; }' \
    -n 'proc:::exit /pid == $target/ { x++; }' \
    -n 'proc:::create /pid == $target/ { f++; }' \
    -n 'END { printf("%d lwp-create (%d %d), %d lwp-exit, %d exit, %d create\n", c, p, l, e, x, f); }'
rm -f $TMPDIR/dt-exit1.sh $TMPDIR/dt-exit2.sh $TMPDIR/dt-thr.py
