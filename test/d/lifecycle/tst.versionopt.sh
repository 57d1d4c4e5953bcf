# -x version and #pragma D option version take a D version DTrace had
# (1.0 to 1.6.4, 2.0; 2.0.0 is 2.0); one it never had is refused with
# "Operation not supported", one not written MAJOR.MINOR[.MICRO] with
# "Invalid value for specified option".  A pragma's value is quoted.
for v in 2.0 1.6.4 1.0 2.0.0 99.1 1.2.3 2 abc 1..2; do
	$DTRACE -x version=$v -q -n 'BEGIN { exit(0); }' 2>&1
	echo "$v rc=$?"
done
printf '#pragma D option version=99.1\nBEGIN { exit(0); }\n' >$TMPDIR/v.d
$DTRACE -q -s $TMPDIR/v.d 2>&1 | head -1 | sed "s|$TMPDIR|DIR|"
printf '#pragma D option version=1.6\nBEGIN { printf("ok\\n"); exit(0); }\n' >$TMPDIR/v2.d
$DTRACE -q -s $TMPDIR/v2.d
