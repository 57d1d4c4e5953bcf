# A thread's self-> variables live until its last probe: proc:::lwp-exit,
# proc:::exit and the sched:::off-cpu of its final switch still read
# them, and they are gone once the thread is: while the session still
# runs, its map holds no entry of the thread.
cp /bin/sleep $TMPDIR/dtselfexit
$DTRACE -q -n '
BEGIN { printf("ready\n"); }
syscall::clock_nanosleep:entry,syscall::nanosleep:entry
/execname == "dtselfexit"/ {
	self->w = 9;
}
proc:::lwp-exit /execname == "dtselfexit"/ { printf("lwp-exit: %d\n", self->w); }
proc:::exit /execname == "dtselfexit"/ { printf("exit: %d\n", self->w); }
sched:::off-cpu /execname == "dtselfexit" && curthread->__state & 0x80/ {
	printf("final off-cpu: %d\n", self->w);
}
tick-3s { exit(0); }' >$TMPDIR/selfexit.out &
dt=$!
for i in $(seq 100); do grep -q ready $TMPDIR/selfexit.out && break; sleep 0.05; done
$TMPDIR/dtselfexit 0.2
sleep 0.3
echo "entries left while tracing: $(bpftool map dump name dt_w 2>/dev/null | grep -c '^key')"
echo "the map is there: $(bpftool map show name dt_w 2>/dev/null | grep -c 'name dt_w')"
wait $dt
grep -v ready $TMPDIR/selfexit.out | grep . | sort
rm -f $TMPDIR/dtselfexit
