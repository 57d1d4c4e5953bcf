# -64 is the data model there is; -32, -a and -A are refused with the
# reason; -b sets bufsize (a bad size is named as -b); -F sets flowindent.
$DTRACE -64 -q -b 64k -n 'BEGIN { printf("-64 -b 64k\n"); exit(0); }'
echo "rc=$?"
$DTRACE -q -F -n 'BEGIN { printf("-F\n"); exit(0); }'
echo "rc=$?"
$DTRACE -32 -n BEGIN 2>&1
echo "rc=$?"
$DTRACE -a -n BEGIN 2>&1
echo "rc=$?"
$DTRACE -A -n BEGIN 2>&1
echo "rc=$?"
$DTRACE -b banana -n BEGIN 2>&1
echo "rc=$?"
$DTRACE -65 -n BEGIN 2>&1
echo "rc=$?"
