# ustack(N) records at most N frames, innermost first; without N the
# option ustackframes says how many (DTrace's default is 100).  The
# second argument (strsize, for stack helpers) is accepted and not used.
. ./retmask.sh
run() {
	$DTRACE -q -c "$P 1" "$@" | retmask
}
echo "-- ustack(2)"
run -n 'syscall::getppid:entry /pid == $target && execname == "ustacktarget"/ { ustack(2); exit(0); }'
echo "-- ustack(3, 64)"
run -n 'syscall::getppid:entry /pid == $target && execname == "ustacktarget"/ { ustack(3, 64); exit(0); }'
echo "-- -x ustackframes=1"
run -x ustackframes=1 -n 'syscall::getppid:entry /pid == $target && execname == "ustacktarget"/ { ustack(); exit(0); }'
echo "-- #pragma D option ustackframes=3"
run -n '#pragma D option ustackframes=3
syscall::getppid:entry /pid == $target && execname == "ustacktarget"/ { ustack(); exit(0); }'
echo "-- ustackframes=0 and 128 are refused"
$DTRACE -x ustackframes=0 -n 'BEGIN { exit(0); }' 2>&1 >/dev/null
$DTRACE -x ustackframes=128 -n 'BEGIN { exit(0); }' 2>&1 >/dev/null; echo "exit $?"
