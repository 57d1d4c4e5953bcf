# freopen() of a directory other than the constant "." (refused when
# compiled: err.D_FREOPEN_INVALID.dot.d) compiles, as in DTrace: "..", or
# "." or ".." made by a format, fails when it is opened, is reported, and
# the output stays where it was.
$DTRACE -q -w -n '
BEGIN
{
	freopen("..");
	freopen("%s", ".");
	freopen("%c%c", 0x2e, 0x2e);
	printf("%d", ++i);
	freopen("%s%s", ".", ".");
	printf("%d\n", ++i);
	exit(0);
}' 2>&1
echo "dtrace exit $?"
