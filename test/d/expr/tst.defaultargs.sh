# defaultargs: macro arguments the command line did not give are 0, or ""
# when written $$N; without the option they stay a compile error.
$DTRACE -q -x defaultargs -n 'BEGIN { printf("%d [%s]\n", $1, $$2); exit(0); }'
# given arguments are still used; only the missing ones default
$DTRACE -q -x defaultargs -n 'BEGIN { printf("%d [%s] %d\n", $1, $$2, $3 + 1); exit(0); }' 7 abc
cat > $TMPDIR/dt-defaultargs.$$.d <<'D'
#pragma D option quiet
#pragma D option defaultargs
BEGIN
{
	printf("%d [%s] %d\n", $1, $$1, $2 == 0);
	exit(0);
}
D
$DTRACE -s $TMPDIR/dt-defaultargs.$$.d
rm -f $TMPDIR/dt-defaultargs.$$.d
$DTRACE -x errtags -n 'BEGIN { printf("%d\n", $1); exit(0); }' 2>&1 | head -1
$DTRACE -x errtags -n 'BEGIN { printf("%s\n", $$1); exit(0); }' 2>&1 | head -1
