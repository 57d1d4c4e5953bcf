# dtrace -e with options and no program checks the options and exits, as
# DTrace does (-b takes the k, m and g suffixes); a bad option is still
# an error, and no program without -e (or -l, -V) is the usage message.
exec 2>&1
$DTRACE -b 1k -b 2k -e
echo "rc=$?"
$DTRACE -b 4m -x strsize=64 -e
echo "rc=$?"
$DTRACE -e -x nosuchopt
echo "rc=$?"
$DTRACE -q >/dev/null 2>&1
echo "rc=$?"
