# A map, a program or a perf event cannot be created: a clear error that
# names what failed and what to change, exit 1 (the suite's test/leaks checks
# that nothing is left behind).
# A buffer larger than a ring buffer can be is made smaller, as DTrace's
# bufresize=auto does (-e: nothing is made); with bufresize=manual it is
# refused when tracing would start.  Running
# out of descriptors (ulimit -n) is a limit every session object counts
# against, reached here at each step of the start.  (ENOMEM from a memory
# cgroup limit is tst.memcg.sh.)
. ./common.sh
$DTRACE -x bufsize=64g -e -n 'BEGIN { exit(0); }'
echo "bufsize=64g: exit $?"
$DTRACE -q -x bufsize=64g -x bufresize=manual -n 'BEGIN { exit(0); }'
echo "bufsize=64g, bufresize=manual: exit $?"
prog='syscall::getpid:entry { @a[1] = count(); }
profile-97 { x[1] = 1; }
tick-1s { @b = count(); }
tick-100ms { exit(0); }'
# limits from 4 descriptors up (every other one), until the session runs: each failure
# exits 1 and says what failed and what to change (libbpf's own notice
# aside)
steps="" unclear="" ran=""
for n in $(seq 4 2 60); do
	(ulimit -n $n; $DTRACE -q -n "$prog") \
	    >/dev/null 2>$TMPDIR/mapfail.err
	rc=$?
	if [ $rc -eq 0 ]; then
		ran=$n
		break
	fi
	step=$(grep -v '^libbpf: ' $TMPDIR/mapfail.err |
	    sed -nE 's/^(dtrace: could not enable tracing: |dtrace: invalid .*: line [0-9]+: )?(.*): Too many open files \(raise the limit of open files, ulimit -n\)$/\2/p' |
	    sed -E 's/ (for|of) .*//')
	if [ $rc -ne 1 ] || [ -z "$step" ]; then
		unclear="$unclear
ulimit -n $n: exit $rc: $(cat $TMPDIR/mapfail.err)"
	fi
	steps="$steps
$step"
done
[ -n "$ran" ] && echo "runs with enough descriptors"
[ -z "$unclear" ] && echo "every failure is clear" || echo "unclear failures:$unclear"
for s in "cannot create BPF map" "cannot load BPF program" "cannot attach"; do
	grep -q "^$s" <<<"$steps" && echo "seen: $s"
done
rm -f $TMPDIR/mapfail.err
