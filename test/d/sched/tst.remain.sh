# sched:::remain-cpu: a process calling sched_yield(2) 200 times; each
# call either keeps the CPU (remain-cpu: __schedule picked it again) or
# gives it up while staying runnable (preempt), so the two together fire
# at least 200 times; with nothing else to run the CPU stays, at least
# once.
printf 'import os\nfor i in range(200):\n    os.sched_yield()\n' >$TMPDIR/dt-yield.py
$DTRACE -q -c "/usr/bin/python3 $TMPDIR/dt-yield.py" \
    -n 'syscall::sched_yield:entry /pid == $target/ { y++; }' \
    -n 'sched:::remain-cpu /pid == $target/ { r++; }' \
    -n 'sched:::preempt /pid == $target/ { p++; }' \
    -n 'END {
	printf("yields %d\n", y);
	printf("remain-cpu + preempt >= yields: %d\n", r + p >= y);
	printf("remain-cpu > 0: %d\n", r > 0);
}'
echo "rc=$?"
rm -f $TMPDIR/dt-yield.py
