# Buffers overflow: a 4k output buffer and a burst of 20000 records.  The
# drops are counted and reported as DTrace words them ("dtrace: N drops on
# CPU n"), every record is either printed or counted as dropped, and the
# aggregation, kept in its own map, is whole and printed at the end.  Too
# small an aggregation and dynamic variable space: their drops are
# reported too, and what fit is printed.
. ./common.sh
$DTRACE -q -x bufsize=4k -c 'dd if=/dev/zero of=/dev/null bs=1 count=20000 status=none' \
    -n 'syscall::write:entry /pid == $target/ { @writes["writes"] = count();
    printf("%d %s\n", arg2, "................................................................................................................................"); }' \
    >$TMPDIR/drops.out 2>$TMPDIR/drops.err
echo "exit $?"
recs=$(grep -c '^1 \.' $TMPDIR/drops.out)
drops=$(sed -nE 's/^dtrace: ([0-9]+) drops? on CPU [0-9]+$/\1/p' $TMPDIR/drops.err | awk '{ s += $1 } END { print s + 0 }')
[ "$drops" -gt 0 ] && echo "drops reported"
echo "records printed + drops reported = $((recs + drops))"
grep '^  writes ' $TMPDIR/drops.out | tr -s ' '
grep -vE '^dtrace: [0-9]+ drops? on CPU [0-9]+$' $TMPDIR/drops.err

# 2000 keys in a 1k aggregation and a 1k dynamic variable space
$DTRACE -q -x aggsize=1k -x dynvarsize=1k -c 'dd if=/dev/zero of=/dev/null bs=1 count=2000 status=none' \
    -n 'syscall::write:entry /pid == $target/ { @keys[n++] = count(); x[n] = 1; }
    END { printf("END: %d writes\n", n); }' >$TMPDIR/drops.out 2>$TMPDIR/drops.err
echo "exit $?"
grep '^END' $TMPDIR/drops.out
kept=$(grep -cE '^ +[0-9]+ +1$' $TMPDIR/drops.out)
aggdrops=$(sed -nE 's/^dtrace: ([0-9]+) aggregation drops? on CPU [0-9]+$/\1/p' $TMPDIR/drops.err | awk '{ s += $1 } END { print s + 0 }')
dyndrops=$(sed -nE 's/^dtrace: ([0-9]+) dynamic variable drops?$/\1/p' $TMPDIR/drops.err | awk '{ s += $1 } END { print s + 0 }')
[ "$kept" -gt 0 ] && echo "the keys that fit are printed"
echo "keys printed + aggregation drops = $((kept + aggdrops))"
[ "$dyndrops" -gt 0 ] && echo "dynamic variable drops reported"
grep -vE '^dtrace: [0-9]+ (aggregation drops? on CPU [0-9]+|dynamic variable drops?)$' $TMPDIR/drops.err
rm -f $TMPDIR/drops.out $TMPDIR/drops.err
