# aggrate is accepted as a rate (aggregations are read straight from their
# maps, so it changes nothing printed), from -x, a pragma or setopt(); a bad
# value is refused.
$DTRACE -q -x aggrate=10hz -n 'BEGIN { @ = count(); exit(0); }'
$DTRACE -q -n '#pragma D option aggrate=250ms
BEGIN { @a = sum(7); setopt("aggrate", "2hz"); exit(0); }'
$DTRACE -q -x aggrate=soon -n 'BEGIN { exit(0); }' 2>&1
echo "rc=$?"
