# sched:::off-cpu, on-cpu, sleep, preempt for a -c shell that runs six
# sleep(1)s: it blocks in fork and wait at least six times.  off-cpu
# fires in the thread leaving the CPU, with the one taking it in args[];
# on-cpu in the thread coming back (at the end of __schedule), where
# self-> set by its off-cpu is seen; sleep and preempt split off-cpu's
# firings between them exactly.
printf 'sleep 0.05\nsleep 0.05\nsleep 0.05\nsleep 0.05\nsleep 0.05\nsleep 0.05\n' >$TMPDIR/dt-sleeps.sh
$DTRACE -q -c "sh $TMPDIR/dt-sleeps.sh" \
    -n 'int bad, back;
sched:::off-cpu /pid == $target/ {
	off++;
	bad += args[0]->pr_lwpid == tid;	/* next is another thread */
	self->off = timestamp;
}' \
    -n 'sched:::on-cpu /pid == $target/ {
	on++;
	back += self->off != 0;
	bad += self->off > timestamp;
	self->off = 0;
}' \
    -n 'sched:::sleep /pid == $target/ { sl++; }' \
    -n 'sched:::preempt /pid == $target/ { pr++; }' \
    -n 'END {
	printf("off-cpu >= 6: %d\n", off >= 6);
	printf("on-cpu >= 6: %d\n", on >= 6);
	printf("on-cpu ~ off-cpu: %d\n", on - off <= 1 && off - on <= 1);
	printf("on-cpu after off-cpu: %d\n", back >= off - 1);
	printf("sleep >= 6: %d\n", sl >= 6);
	printf("sleep + preempt == off-cpu: %d\n", sl + pr == off);
	printf("bad args: %d\n", bad);
}'
echo "rc=$?"
rm -f $TMPDIR/dt-sleeps.sh
