# An aggsize too small for an aggregation's value is refused when tracing
# would start, as DTrace refuses it; one that holds it is accepted.
$DTRACE -q -x aggsize=8 -n 'BEGIN { @ = count(); exit(0); }' 2>&1
echo "rc=$?"
$DTRACE -q -x aggsize=8 -n 'BEGIN { @[1] = avg(1); exit(0); }' 2>&1
echo "rc=$?"
$DTRACE -q -x aggsize=4k -n 'BEGIN { @ = count(); exit(0); }' 2>&1
echo "rc=$?"
