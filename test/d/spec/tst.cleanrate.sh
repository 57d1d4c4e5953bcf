# cleanrate is accepted as a rate (commit() and discard() free a buffer at
# once, so there is nothing to clean), from -x or a pragma; a bad value is
# refused.
$DTRACE -q -x cleanrate=50hz -n 'BEGIN { s = speculation(); speculate(s); printf("%d\n", s); }' \
    -n 'BEGIN { commit(s); }' -n 'BEGIN { exit(0); }'
$DTRACE -q -n '#pragma D option cleanrate=10ms
BEGIN { exit(0); }'
$DTRACE -q -x cleanrate=often -n 'BEGIN { exit(0); }' 2>&1
echo "rc=$?"
