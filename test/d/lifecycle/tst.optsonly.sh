# dtrace -e with options and no program checks the options and exits, as
# DTrace does (-b takes the k, m and g suffixes); a bad option is still
# an error, and options with no program without -e (or -l, -V) stop
# with DTrace's "no probes specified", status 1; under -Z they trace
# nothing until -c's command ends (the empty line DTrace ends a run with,
# status 0).
exec 2>&1
$DTRACE -b 1k -b 2k -e
echo "rc=$?"
$DTRACE -b 4m -x strsize=64 -e
echo "rc=$?"
$DTRACE -e -x nosuchopt
echo "rc=$?"
$DTRACE -q
echo "rc=$?"
$DTRACE -c /bin/true -x strsize=64
echo "rc=$?"
$DTRACE -q -Z -c /bin/true
echo "rc=$?"
