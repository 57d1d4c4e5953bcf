# freopen(): the output goes to a file (created, appended to) named like
# printf() formats; freopen("") gives the output back.  A file that
# cannot be opened is reported and the output stays where it was.
f="$TMPDIR/freopen.out"
rm -f "$f"
echo "already here" >"$f"
$DTRACE -q -w -n '
BEGIN
{
	printf("one\n");
	freopen("%s/%s", $$1, "freopen.out");
	printf("two\n");
	system("echo three");
	freopen("");
	printf("four\n");
	freopen("/nonexistent/dir/file");
	printf("five\n");
	exit(0);
}' "$TMPDIR" 2>&1
echo "dtrace exit $?"
echo "--- file:"
cat "$f"
rm -f "$f"
