# sched:::dequeue and enqueue: a process that sleeps leaves its CPU's run
# queue (dequeue, on that CPU, in it) and is put back when woken
# (enqueue); args[0] is its thread, args[1] its process, args[2] the CPU
# of the queue, args[3] 0 (the back of the queue).  A new process is
# enqueued when it is first made runnable, before it ever sleeps: each
# child of the shell is enqueued at least once.
printf 'sleep 0.2\n/bin/true\n/bin/true\n' >$TMPDIR/dt-queue.sh
$DTRACE -q -c "sh $TMPDIR/dt-queue.sh" -n '
int okd, oke;
sched:::dequeue /args[1]->pr_pid == $target/
{
	deq++;
	okd += args[0]->pr_lwpid == $target && args[2]->cpu_id == cpu &&
	    pid == $target;
}
sched:::enqueue /args[1]->pr_pid == $target/
{
	enq++;
	oke += args[0]->pr_lwpid == $target && args[2]->cpu_id >= 0 &&
	    args[3] == 0;
}
proc:::create /pid == $target/
{
	children++;
}
sched:::enqueue /args[1]->pr_ppid == $target && !seen[args[1]->pr_pid]/
{
	seen[args[1]->pr_pid] = 1;
	enqueued++;
}
END
{
	printf("dequeued: %d, enqueued: %d\n", deq > 0, enq > 0);
	printf("arguments right: %d %d\n", okd == deq, oke == enq);
	printf("children: %d, each enqueued: %d\n", children,
	    enqueued == children);
}'
rm -f $TMPDIR/dt-queue.sh
