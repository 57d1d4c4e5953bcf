/*
 * The kernel refuses a sampling perf event on irq_vectors:irq_work_exit
 * (perf's own work runs there); the sdt provider's events count instead,
 * so it is enabled like any other tracepoint, and sdt::: can be.
 */
#pragma D option quiet

sdt:irq_vectors::irq_work_exit
{
	n++;
}

sdt:sched::sched_switch
{
	sw++;
}

tick-100ms
{
	printf("enabled, sched_switch fired: %s\n", sw > 0 ? "yes" : "no");
	exit(0);
}
