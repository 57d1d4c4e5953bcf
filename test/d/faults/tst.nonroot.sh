# Not root, no capabilities: dtrace refuses at once with a clear message
# and exit 1, before it creates anything in the kernel (no bpf() call, no
# perf event, no mount).  Compiling only (-e) and -V need no privilege.
# CAP_BPF and CAP_PERFMON are enough to trace, without root.
cp "$DTRACE" $TMPDIR/nr-dtrace && chmod 755 $TMPDIR/nr-dtrace
chmod 755 $TMPDIR
nobody="setpriv --reuid=65534 --regid=65534 --clear-groups"
# (LeakSanitizer cannot run under ptrace: no leak check in that run)
ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
    strace -f -qq -e trace=bpf,perf_event_open,mount -o $TMPDIR/nr.trace \
    $nobody --inh-caps=-all $TMPDIR/nr-dtrace -n 'BEGIN { exit(0); }'
echo "exit $?"
n=$(grep -cE '(bpf|perf_event_open|mount)\(' $TMPDIR/nr.trace)
echo "kernel calls: $n"
$nobody --inh-caps=-all $TMPDIR/nr-dtrace -q -n 'syscall::read:entry { @ = count(); } tick-1s { exit(0); }'
echo "exit $?"
$nobody --inh-caps=-all $TMPDIR/nr-dtrace -e -n 'BEGIN { trace(pid); }'
echo "-e: exit $?"
$nobody --inh-caps=-all $TMPDIR/nr-dtrace -V >/dev/null
echo "-V: exit $?"
$nobody --inh-caps=+bpf,+perfmon --ambient-caps=+bpf,+perfmon $TMPDIR/nr-dtrace -q \
    -n 'BEGIN { printf("traced as uid %d\n", uid); exit(0); }'
echo "CAP_BPF and CAP_PERFMON: exit $?"
rm -f $TMPDIR/nr-dtrace $TMPDIR/nr.trace
