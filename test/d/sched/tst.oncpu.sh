# sched:::off-cpu, on-cpu, sleep, preempt for a -c shell that runs six
# sleep(1)s: it blocks in fork and wait at least six times.  off-cpu
# fires in the thread leaving the CPU (pid == $target), on-cpu names the
# thread coming on in args[] (args[1]->pr_pid == $target); sleep and
# preempt split off-cpu's firings between them exactly.
printf 'sleep 0.05\nsleep 0.05\nsleep 0.05\nsleep 0.05\nsleep 0.05\nsleep 0.05\n' >$TMPDIR/dt-sleeps.sh
$DTRACE -q -c "sh $TMPDIR/dt-sleeps.sh" \
    -n 'sched:::off-cpu /pid == $target/ {
	off++;
	bad += args[0]->pr_lwpid == tid;	/* next is another thread */
}' \
    -n 'sched:::on-cpu /args[1]->pr_pid == $target/ {
	on++;
	bad += args[0]->pr_lwpid != $target;	/* one thread: tid == pid */
	bad += tid == $target;		/* fires in the thread leaving */
}' \
    -n 'sched:::sleep /pid == $target/ { sl++; }' \
    -n 'sched:::preempt /pid == $target/ { pr++; }' \
    -n 'END {
	printf("off-cpu >= 6: %d\n", off >= 6);
	printf("on-cpu >= 6: %d\n", on >= 6);
	printf("on-cpu ~ off-cpu: %d\n", on - off <= 1 && off - on <= 1);
	printf("sleep >= 6: %d\n", sl >= 6);
	printf("sleep + preempt == off-cpu: %d\n", sl + pr == off);
	printf("bad args: %d\n", bad);
}'
echo "rc=$?"
rm -f $TMPDIR/dt-sleeps.sh
