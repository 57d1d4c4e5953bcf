# An aggregation entry costs its key with every string at strsize, as in
# DTrace, whatever bytes the map keeps for it: with strsize 1024 an
# aggsize of 512 holds no string-keyed entry (every new key is a drop,
# DTrace's own check), one of 2048 holds one (1024 + 8 for the count),
# while integer keys (16 bytes an entry) still fit.
$DTRACE -q -x strsize=1024 -x aggsize=512 -x droptags -n 'BEGIN { @["Harding"] = count(); @["Hoover"] = count(); @["Nixon"] = count(); @["Bush"] = count(); @n[1] = count(); @n[2] = count(); exit(0); }' 2>&1 | sed 's/on CPU [0-9]*/on CPU n/'
$DTRACE -q -x strsize=1024 -x aggsize=2048 -n 'BEGIN { @["Harding"] = count(); @["Hoover"] = count(); @["Nixon"] = count(); exit(0); }' 2>&1 | sed 's/on CPU [0-9]*/on CPU n/'
# the same past the 40 variable maps programs use directly (the others
# are reached through maps of maps, the full ones too): 45 string-keyed
# aggregations, each key a drop, and 45 integer-keyed ones, which share
# the 512 bytes as DTrace's aggregations share the buffer: 32 entries of
# 16 bytes are kept, the other 13 are drops
prog='BEGIN {'
for i in $(seq 0 44); do prog="$prog @s$i[\"k$i\"] = count(); @n$i[$i] = count();"; done
prog="$prog exit(0); }"
$DTRACE -q -x strsize=1024 -x aggsize=512 -x droptags -n "$prog" >$TMPDIR/many.out 2>&1
sed -n 's/on CPU [0-9]*/on CPU n/p' $TMPDIR/many.out
echo "entries printed: $(grep -c '^ ' $TMPDIR/many.out)"
