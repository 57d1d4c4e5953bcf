# -p grabs a running process and ends when it exits; -c of a missing
# command is a clear error; two -c run both, $target is the first.
sleep 0.5 &
p=$!
start=$(date +%s%N)
$DTRACE -q -p $p -n 'tick-50ms /pid != $target/ { n++; } END { printf("END target %d\n", $target == '$p'); }'
echo "rc=$?"
ms=$(( ($(date +%s%N) - start) / 1000000 ))
[ $ms -lt 2000 ] && echo "ended with the process"
$DTRACE -q -c 'no-such-command-here' -n 'BEGIN' 2>&1; echo "rc=$?"
$DTRACE -q -c 'true' -c 'sleep 0.2' -n 'END { printf("both done\n"); }'
$DTRACE -q -p 999999999 -n 'BEGIN' 2>&1; echo "rc=$?"
# a process gone before the grab: DTrace's message, the reason alone
true & gone=$!; wait $gone
$DTRACE -q -p $gone -n 'BEGIN { exit(0); }' 2>&1; echo "rc=$?"
# -c is split on white space, tabs and newlines too, as DTrace splits it
$DTRACE -q -c "printf %s|%s\n	one
two" -n 'END { printf("split\n"); }'
