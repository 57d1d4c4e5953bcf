# switchrate takes a frequency or a time with a unit, from -x or a pragma;
# a bad value is refused.
$DTRACE -q -x switchrate=10hz -n 'BEGIN { printf("10hz\n"); exit(0); }'
$DTRACE -q -x switchrate=250ms -n 'BEGIN { printf("250ms\n"); exit(0); }'
$DTRACE -q -n '#pragma D option switchrate=5
BEGIN { printf("pragma\n"); exit(0); }'
$DTRACE -q -x switchrate=banana -n 'BEGIN { exit(0); }' 2>&1
echo "rc=$?"
