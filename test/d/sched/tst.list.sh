# dtrace -l -P sched: the sched probes this kernel's tracepoints give
# (enqueue, dequeue, surrender have none).
$DTRACE -l -P sched | awk '{ print $2, $3, $4, $5 }'
# -l reports a description matching nothing, as DTrace does, and goes on
$DTRACE -l -n sched:::enqueue 2>&1
echo "rc=$?"
