# Every macro argument must be used (D_MACRO_UNUSED), unless -x argref
# says not, or several programs share the arguments.
exec 2>&1
$DTRACE -xerrtags -q -n 'BEGIN { exit(0); }' extra 2>&1 | head -1
echo "rc=${PIPESTATUS[0]}"
$DTRACE -q -x argref -n 'BEGIN { exit(0); }' extra
echo "rc=$?"
$DTRACE -q -n 'BEGIN { printf("%s\n", $$2); exit(0); }' one two 2>&1 | head -1
echo "rc=${PIPESTATUS[0]}"
$DTRACE -q -n 'BEGIN { x = 1; }' -n 'BEGIN { printf("%s\n", $$1); exit(0); }' one
echo "rc=$?"
