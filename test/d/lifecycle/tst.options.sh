# -o, -e, -V, -x, and a bad option.
$DTRACE -q -o $TMPDIR/dt-o.out -n 'BEGIN { printf("to file\n"); exit(0); }'
cat $TMPDIR/dt-o.out; rm -f $TMPDIR/dt-o.out
$DTRACE -e -n 'BEGIN { printf("never\n"); exit(0); }'; echo "e rc=$?"
$DTRACE -V | grep -c '^dtrace: '
$DTRACE -x quiet -x strsize=16 -n 'BEGIN { printf("%s|\n", "0123456789abcdefghij"); exit(0); }'
$DTRACE -x nosuchoption -n 'BEGIN' 2>&1; echo "rc=$?"
$DTRACE -x bufsize=banana -n 'BEGIN' 2>&1; echo "rc=$?"
# -V names the D version as DTrace for Linux does; -v adds ours
$DTRACE -V
$DTRACE -V -v | sed 's/dtrace [0-9.]*,/dtrace VERSION,/'
# -o appends, as DTrace does: trace output and -l's listing
echo "before" > $TMPDIR/dt-a.out
$DTRACE -q -o $TMPDIR/dt-a.out -n 'BEGIN { printf("first run\n"); exit(0); }'
$DTRACE -q -o $TMPDIR/dt-a.out -n 'BEGIN { printf("second run\n"); exit(0); }'
$DTRACE -l -n 'dtrace:::END' -o $TMPDIR/dt-a.out
sed -E 's/^ *[0-9]+ /   ID /' $TMPDIR/dt-a.out; rm -f $TMPDIR/dt-a.out
