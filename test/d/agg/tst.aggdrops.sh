# An aggregation holds aggsize bytes per CPU: keys that do not fit are
# counted as aggregation drops, reported apart from dynamic variable drops,
# and the keys that fit are still printed.
$DTRACE -q -x aggsize=64 -n 'BEGIN { @a[1] = count(); @a[2] = count(); @a[3] = count(); @a[4] = count(); @a[5] = count(); @a[6] = count(); exit(0); }' 2>&1 | sed 's/on CPU [0-9]*/on CPU n/'
