# dtrace started with standard output (or error, or input) closed: the
# first files the session opens (BPF maps, perf events) would take those
# numbers, and the trace output or the messages be written into them
# (EINVAL from a map).  The closed descriptors are held on /dev/null,
# read-only: a write to the output fails as a write does, with its
# reason (EBADF), exit 1; a closed stderr loses the messages and nothing
# else.
. ./common.sh
$DTRACE -q -n 'tick-1ms { printf("x\n"); }' 2>&1 >&- | cat
echo "stdout closed: exit ${PIPESTATUS[0]}"
$DTRACE -q -n 'BEGIN { x = *(int *)0; } BEGIN { printf("BEGIN ran\n"); exit(0); }' 2>&-
echo "stderr closed: exit $?"
$DTRACE -q -n 'BEGIN { printf("BEGIN ran\n"); exit(0); }' <&- 2>&-
echo "stdin and stderr closed: exit $?"
