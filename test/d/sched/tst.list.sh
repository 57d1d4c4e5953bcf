# dtrace -l -P sched: the sched probes this kernel's tracepoints give
# (surrender has none).
$DTRACE -l -P sched | awk '{ print $2, $3, $4, $5 }'
# -l reports a description matching nothing, as DTrace does, and goes on
$DTRACE -l -n sched:::surrender 2>&1
echo "rc=$?"
# enqueue's and dequeue's arguments, as the guide's table gives them
for p in enqueue dequeue; do
	$DTRACE -lv -n sched:::$p | sed -n '/Argument Types/,$p'
done
