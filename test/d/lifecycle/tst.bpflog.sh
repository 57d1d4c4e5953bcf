# bpflog: every program is loaded with the BPF verifier's log, shown on
# standard error line by line after "BPF: " (a heading naming the program,
# then the log: for a program accepted, the verifier's count of what it
# processed); standard output is the program's as ever.  bpflogsize is
# 128 bytes to 1g less one (it also bounds the log whose last lines are
# quoted when the verifier rejects a program).
$DTRACE -x bpflog -qn 'BEGIN { printf("out\n"); } tick-10ms { exit(0); }' \
    2>$TMPDIR/log
echo "rc=$?"
echo "programs logged: $(grep -c "^BPF: the verifier's log of dt_" $TMPDIR/log)"
echo "counts: $(grep -c '^BPF: processed [0-9]* insns' $TMPDIR/log)"
echo "other lines: $(grep -vc '^BPF: ' $TMPDIR/log)"
$DTRACE -qn '#pragma D option bpflog
BEGIN { exit(0); }' 2>&1 >/dev/null | grep -c '^BPF: processed'
$DTRACE -qn 'BEGIN { exit(0); }' 2>&1 >/dev/null | grep -c '^BPF: '
# a log longer than bpflogsize is cut (and says so), the program still runs
$DTRACE -x bpflogsize=128 -x bpflog -qn 'BEGIN { printf("%s %d %s\n",
    execname, pid, probename); exit(0); }' 2>$TMPDIR/log | cut -d' ' -f1,3
echo "rc=$? other lines: $(grep -vc '^BPF: ' $TMPDIR/log)"
$DTRACE -x bpflogsize=127 -n BEGIN 2>&1; echo "rc=$?"
$DTRACE -x bpflogsize=1g -n BEGIN 2>&1; echo "rc=$?"
