# A full output buffer loses records, and every lost record is reported:
# records printed + drops reported = records produced.
$DTRACE -q -x bufsize=4k -c 'dd if=/dev/zero of=/dev/null bs=1 count=20000 status=none' \
    -n 'syscall::write:entry /pid == $target/ { printf("%d %s\n", arg2, "................................................................................................................................................................"); }' \
    2>$TMPDIR/dt-drops.err >$TMPDIR/dt-drops.out
echo "rc=$?"
recs=$(grep -c '^1 ' $TMPDIR/dt-drops.out)
drops=$(sed -nE 's/^dtrace: ([0-9]+) drops? on CPU [0-9]+$/\1/p' $TMPDIR/dt-drops.err | awk '{ s += $1 } END { print s + 0 }')
[ "$drops" -gt 0 ] && echo "drops reported"
echo "records + drops = $((recs + drops))"
grep -vE '^dtrace: [0-9]+ drops? on CPU [0-9]+$' $TMPDIR/dt-drops.err
rm -f $TMPDIR/dt-drops.out $TMPDIR/dt-drops.err
