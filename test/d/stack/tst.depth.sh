# stack(N) records at most N frames and stackframes (-x or #pragma) sets
# the default.  BEGIN runs through BPF_PROG_TEST_RUN, so its stack is the
# bpf() system call's, the same at every run; the program's own frame
# (BPF code, no kernel symbol) is skipped.  Offsets are masked.
mask() { sed 's/0x[0-9a-f]*$/OFF/'; }
echo "-- stack(3)"
$DTRACE -q -n 'BEGIN { stack(3); exit(0); }' | mask
echo "-- stackframes=2"
$DTRACE -q -x stackframes=2 -n 'BEGIN { stack(); exit(0); }' | mask
echo "-- pragma stackframes=1, stack(2) still 2"
$DTRACE -q -n '#pragma D option stackframes=1
BEGIN { stack(); stack(2); exit(0); }' | mask
echo "-- default: the whole stack, fewer than 20 frames"
$DTRACE -q -n 'BEGIN { stack(); exit(0); }' | mask
echo "-- not quiet"
$DTRACE -n 'BEGIN { stack(1); exit(0); }' 2>/dev/null | mask
echo "-- stackframes out of range"
$DTRACE -x stackframes=0 -n 'BEGIN { exit(0); }' 2>&1; echo "exit status $?"
$DTRACE -x stackframes=128 -n 'BEGIN { exit(0); }' 2>&1
echo "exit status $?"
echo "-- stackindent=4, then 0"
$DTRACE -q -x stackindent=4 -n 'BEGIN { stack(2); exit(0); }' | mask
$DTRACE -q -n '#pragma D option stackindent=0
BEGIN { stack(1); exit(0); }' | mask
echo "-- stackdepth counts the frames stack() shows"
$DTRACE -q -n 'BEGIN { printf("%d\n", stackdepth); stack(); exit(0); }' | awk -f "$(dirname "$0")/depth.awk"
$DTRACE -q -c 'cat /etc/hostname' -n 'syscall::openat:entry /pid == $target/ { printf("%d\n", stackdepth); stack(); }' 2>/dev/null | awk -f "$(dirname "$0")/depth.awk"
