# curlwpsinfo at sched:::off-cpu: a thread that leaves the CPU to sleep
# (sleep(1) waits in nanosleep) is SSLEEP, pr_sname 'S'; the same thread
# on the CPU (at its syscall probes) is SONPROC, 'O'.
$DTRACE -q -c '/bin/sleep 0.3' -n '
syscall::clock_nanosleep:entry, syscall::nanosleep:entry /pid == $target/ {
	oncpu = curlwpsinfo->pr_state == SONPROC && curlwpsinfo->pr_sname == 0x4f;
	self->in = 1;
}
sched:::off-cpu /self->in/ {
	sleeping = curlwpsinfo->pr_state == SSLEEP &&
	    curlwpsinfo->pr_sname == 0x53;
	self->in = 0;
}
END { printf("on the CPU: %d, off it asleep: %d\n", oncpu, sleeping); }'
echo "exit $?"
