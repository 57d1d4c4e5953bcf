# A flag option takes DTrace's values: none, yes or true set it; no or
# false leave it unset (and on/off, set/unset, enable(d)/disable(d), in
# any case: basic/tst.boolopts.d); anything else is refused with DTrace's message
# ("failed to set -x NAME", the option named without its value).
$DTRACE -x quiet=yes -n 'BEGIN { printf("quiet=yes\n"); exit(0); }'
$DTRACE -x quiet=true -n 'BEGIN { printf("quiet=true\n"); exit(0); }'
$DTRACE -x quiet=no -n 'BEGIN { printf("quiet=no\n"); exit(0); }' 2>/dev/null |
    sed -E 's/^ +[0-9]+ +1 /  C  1 /'
$DTRACE -x quiet=false -n 'BEGIN { printf("quiet=false\n"); exit(0); }' \
    2>/dev/null | sed -E 's/^ +[0-9]+ +1 /  C  1 /'
$DTRACE -n '#pragma D option quiet=yes
BEGIN { printf("pragma quiet=yes\n"); exit(0); }'
$DTRACE -x quiet=maybe -n 'BEGIN' 2>&1; echo "rc=$?"
$DTRACE -x strsize=banana -n 'BEGIN' 2>&1; echo "rc=$?"
