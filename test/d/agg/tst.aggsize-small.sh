# An aggsize too small for an aggregation's value is refused when tracing
# would start, as DTrace refuses it; one that holds it is accepted.
$DTRACE -q -x aggsize=8 -n 'BEGIN { @ = count(); exit(0); }' 2>&1
echo "rc=$?"
$DTRACE -q -x aggsize=8 -n 'BEGIN { @[1] = avg(1); exit(0); }' 2>&1
echo "rc=$?"
$DTRACE -q -x aggsize=4k -n 'BEGIN { @ = count(); exit(0); }' 2>&1
echo "rc=$?"
# a key and value aggsize cannot hold: every new key is a drop, as in
# DTrace; an aggregation whose entries fit still gets them
$DTRACE -q -x aggsize=64 -n 'BEGIN { @a[1, 2, 3, 4, 5, 6, 7, 8] = sum(1);
    @a[8, 7, 6, 5, 4, 3, 2, 1] = sum(1); @b[1] = count(); exit(0); }' 2>&1 |
    sed 's/on CPU [0-9]*/on CPU n/'
echo "rc=${PIPESTATUS[0]}"
