# The last macro argument must be used (D_MACRO_UNUSED), unless -x argref
# says not; as in DTrace only the last is checked (a program may skip $1
# and use $2), and each program given with -n, -i, -P, -m, -f or -s is
# checked on its own, so a second program that uses the argument does not
# excuse the first.
exec 2>&1
$DTRACE -xerrtags -q -n 'BEGIN { exit(0); }' extra 2>&1 | head -1
echo "rc=${PIPESTATUS[0]}"
$DTRACE -q -x argref -n 'BEGIN { exit(0); }' extra
echo "rc=$?"
$DTRACE -q -n 'BEGIN { printf("%s\n", $$2); exit(0); }' one two
echo "rc=$?"
$DTRACE -q -n 'BEGIN { printf("%s\n", $$1); exit(0); }' one two 2>&1 | head -1
echo "rc=${PIPESTATUS[0]}"
$DTRACE -q -n 'BEGIN { x = 1; }' -n 'BEGIN { printf("%s\n", $$1); exit(0); }' one 2>&1 | head -1
echo "rc=${PIPESTATUS[0]}"
$DTRACE -q -n 'BEGIN { printf("%s\n", $$1); }' -n 'BEGIN { printf("%s\n", $$1); exit(0); }' one
echo "rc=$?"
$DTRACE -q -i 1 10 -i 2 2>&1 | head -1
echo "rc=${PIPESTATUS[0]}"
