# sched:::tick fires at each clock tick of a CPU whose tick runs, in the
# thread charged for the tick: args[0] and args[1] are that thread's
# lwpsinfo_t and psinfo_t, the current thread's.  The -c command's busy
# loop gets ticks at the kernel's HZ (100 to 1000 a second of its CPU
# time: over 50 in the second or so it runs), each with curthread's pid,
# tid and name.
echo 'i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done' >$TMPDIR/dt-tick.sh
$DTRACE -q -c "/bin/sh $TMPDIR/dt-tick.sh" \
    -n 'int bad;
sched:::tick /pid == $target/ {
	n++;
	bad += args[1]->pr_pid != pid || args[0]->pr_lwpid != tid ||
	    args[1]->pr_fname != execname;
}' -n 'END { printf("%s %d\n", n > 50 ? "many" : "few", bad); }'
echo "rc=$?"
rm -f $TMPDIR/dt-tick.sh
$DTRACE -lv -n sched:::tick | sed -n '/Argument Types/,$p'
