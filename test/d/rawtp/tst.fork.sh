# rawtp:sched::sched_process_fork (parent, child): a shell that forks
# three children, counted by the parent's pid; one program attached to
# two tracepoints of different argument counts (fork: 2, exit: 2 + group).
printf '/bin/true\n/bin/true\n/bin/true\n' >$TMPDIR/dt-forks.sh
$DTRACE -q -c "sh $TMPDIR/dt-forks.sh" \
    -n 'rawtp:sched::sched_process_fork /args[0]->tgid == $target/ { n++; c = args[1]->pid != $target; }' \
    -n 'rawtp:sched::sched_process_exit /args[0]->tgid == $target/ { e++; }' \
    -n 'END { printf("%d forks, children %d, %d exit\n", n, c, e); }'
echo "rc=$?"
rm -f $TMPDIR/dt-forks.sh
