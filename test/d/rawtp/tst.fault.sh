# A fault through a typed argument of a rawtp probe (the address read is
# args[1]->si_signo * 16) is DTrace's runtime error for that clause; the
# next clause and the session go on.
echo 'kill -TERM $$' >$TMPDIR/dt-kill.sh
$DTRACE -q -c "sh $TMPDIR/dt-kill.sh" \
    -n 'rawtp:signal::signal_generate /pid == $target && args[0] == 15/ { printf("%d\n", args[2]->parent->pid + *(int *)(args[1]->si_signo * 16)); }' \
    -n 'rawtp:signal::signal_generate /pid == $target && args[0] == 15/ { printf("after %d %d\n", args[0], args[2]->pid == $target); }' \
    2>$TMPDIR/dt-fault.err
echo "rc=$?"
sed -E 's/probe ID [0-9]+/probe ID N/; s/BPF pc [0-9]+/BPF pc N/' $TMPDIR/dt-fault.err
rm -f $TMPDIR/dt-kill.sh $TMPDIR/dt-fault.err
