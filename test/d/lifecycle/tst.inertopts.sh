# DTrace's options that have nothing to do here are accepted, on the
# command line and in a pragma, so that scripts setting them run; their
# values are still checked.  (maxframes, here too, limits stack frames:
# stack/tst.maxframes.sh.)
$DTRACE -q -x grabanon -x lazyload -x lockmem=64m -x maxframes=50 \
    -x preallocate -n 'BEGIN { printf("accepted\n"); exit(0); }'
$DTRACE -q -n '#pragma D option maxframes=20
#pragma D option lockmem=1g
#pragma D option preallocate
BEGIN { printf("pragmas accepted\n"); exit(0); }'
$DTRACE -x maxframes=none -n 'BEGIN' 2>&1; echo "rc=$?"
$DTRACE -x lockmem=lots -n 'BEGIN' 2>&1; echo "rc=$?"
