# -e with nothing to compile has only the options to check: exit 0 when
# they are good, as DTrace; a size beyond what a ring buffer can be is
# good (bufresize=auto makes the buffer smaller when tracing starts).
# Without -e, no argument at all is the usage message, exit 2.
$DTRACE -b 1t -b 2t -e; echo "rc=$?"
$DTRACE -e; echo "rc=$?"
$DTRACE -b 64g -e -n BEGIN; echo "rc=$?"
$DTRACE -x bufsize=lots -e 2>&1; echo "rc=$?"
$DTRACE >/dev/null 2>&1; echo "rc=$?"
