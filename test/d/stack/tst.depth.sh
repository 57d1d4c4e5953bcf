# stack(N) records at most N frames and stackframes (-x or #pragma) sets
# the default.  The first read() of `cat /dev/null` has the stack of a
# system call's entry, the same at every run; the program's own frame and
# the tracing machinery's are skipped.  BEGIN fires in no kernel function:
# no frames.  Offsets are masked.
mask() { sed 's/0x[0-9a-f]*$/OFF/'; }
R='syscall::read:entry /pid == $target && !d/ { d = 1;'
C='cat /dev/null'
echo "-- stack(3)"
$DTRACE -q -c "$C" -n "$R"' stack(3); exit(0); }' | mask
echo "-- stackframes=2"
$DTRACE -q -c "$C" -x stackframes=2 -n "$R"' stack(); exit(0); }' | mask
echo "-- pragma stackframes=1, stack(2) still 2"
$DTRACE -q -c "$C" -n '#pragma D option stackframes=1
'"$R"' stack(); stack(2); exit(0); }' | mask
echo "-- default: the whole stack, fewer than 20 frames"
$DTRACE -q -c "$C" -n "$R"' stack(); exit(0); }' | mask
echo "-- not quiet: BEGIN, no frames"
$DTRACE -n 'BEGIN { stack(1); exit(0); }' 2>/dev/null | mask
echo "-- stackframes out of range"
$DTRACE -x stackframes=0 -n 'BEGIN { exit(0); }' 2>&1; echo "exit status $?"
$DTRACE -x stackframes=128 -n 'BEGIN { exit(0); }' 2>&1
echo "exit status $?"
echo "-- stackindent=4, then 0"
$DTRACE -q -c "$C" -x stackindent=4 -n "$R"' stack(2); exit(0); }' | mask
$DTRACE -q -c "$C" -n '#pragma D option stackindent=0
'"$R"' stack(1); exit(0); }' | mask
echo "-- stackdepth counts the frames stack() shows"
$DTRACE -q -c "$C" -n "$R"' printf("%d\n", stackdepth); stack(); exit(0); }' | awk -f "$(dirname "$0")/depth.awk"
$DTRACE -q -c 'cat /etc/hostname' -n 'syscall::openat:entry /pid == $target/ { printf("%d\n", stackdepth); stack(); }' 2>/dev/null | awk -f "$(dirname "$0")/depth.awk"
