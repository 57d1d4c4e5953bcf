# A bufsize that cannot hold the record of an enabled clause is refused
# when tracing would start, with DTrace's message; one that can is not.
$DTRACE -q -b 8 -n 'BEGIN { exit(0); }' 2>&1; echo "rc=$?"
$DTRACE -b 64 -n 'BEGIN { printf("%s %s\n", execname, execname); exit(0); }' \
    2>&1; echo "rc=$?"
$DTRACE -q -x bufsize=4k -n 'BEGIN { printf("%s\n", "fits"); exit(0); }'
echo "rc=$?"
