# Each compiler error is what DTrace prints, byte for byte, when standard
# error is not a terminal (shared/reference/syntax-error*.err, nomatch.err,
# syntax-error-n.err): no position lines that a script comparing the bytes
# would trip on.  On a terminal (script(1) gives one), where it is follows:
# FILE:LINE:COLUMN, the source line and a caret under the column.
cat > syntax-error.d <<'D'
BEGIN
{
	x = ;
}
D
$DTRACE -s syntax-error.d; echo "rc=$?"
$DTRACE -xerrtags -s syntax-error.d 2>&1
$DTRACE -n 'BEGIN { x = ; }' 2>&1
$DTRACE -n 'syscall::nosuch:entry' 2>&1; echo "rc=$?"
echo "on a terminal:"
$ONTTY $DTRACE -s syntax-error.d
echo "rc=$?"
$ONTTY $DTRACE -n "BEGIN { x = ; }"
rm -f syntax-error.d
