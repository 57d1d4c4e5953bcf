# proc:::start fires in a new process before its first instruction, then
# lwp-start (the guide: the first thread of a new process fires start,
# then lwp-start); a new thread fires lwp-start alone.  Both in the new
# task: pid, tid and ppid are its own, and the system call that made it
# (fork, clone) has just returned 0 there.
cat >$TMPDIR/dt-start.sh <<'SH'
/bin/true
/bin/true
SH
$DTRACE -q -c "sh $TMPDIR/dt-start.sh" -n '
proc:::start /ppid == $target/ { printf("start %s %d\n", execname, pid == tid); }
proc:::lwp-start /ppid == $target/ { printf("lwp-start %s %d\n", execname, pid == tid); }
proc:::lwp-start /pid == $target/ { printf("lwp-start of the target\n"); }'
echo "rc=$?"
# a thread of the traced process: lwp-start alone, in the new thread
$DTRACE -q -c "$BUILD_DIR/testprog/pidtarget thread" -n '
proc:::start /pid == $target/ { printf("start of the target\n"); }
proc:::lwp-start /pid == $target/ { printf("lwp-start %d\n", tid != pid); }' |
    grep -v '^pidtarget'
echo "rc=$?"
rm -f $TMPDIR/dt-start.sh
