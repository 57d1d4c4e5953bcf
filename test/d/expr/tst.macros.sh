# Macro arguments after the script, $target from -c.
cat > $TMPDIR/dt-macros.d <<'D'
#pragma D option quiet
BEGIN
{
	printf("%d %s %d\n", $1, $$2, $target == 0);
	exit(0);
}
D
$DTRACE -s $TMPDIR/dt-macros.d 42 hello
$DTRACE -n 'BEGIN { trace($3); }' 2>&1 | head -1
rm -f $TMPDIR/dt-macros.d
