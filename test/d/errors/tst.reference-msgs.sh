# The first line of each compiler error is what DTrace prints
# (shared/reference/syntax-error*.err, nomatch.err); then where, the source
# line and a caret.
cat > syntax-error.d <<'D'
BEGIN
{
	x = ;
}
D
$DTRACE -s syntax-error.d; echo "rc=$?"
$DTRACE -xerrtags -s syntax-error.d 2>&1 | head -1
$DTRACE -n 'BEGIN { x = ; }' 2>&1 | head -1
$DTRACE -n 'syscall::nosuch:entry' 2>&1 | head -1; echo "rc=${PIPESTATUS[0]}"
rm -f syntax-error.d
