# A thread's self-> variables and self->a[k] elements give their places
# in the dynamic variable pool back when the thread is gone.  Each of 10
# processes run one after the other stores self->x and self->a[1] as it
# exits: each element costs 16 + 4 = 20 bytes, so 100 bytes hold 5, two
# processes' worth at a time.  Were the places of the dead not given
# back, the fourth process's stores would be drops (each ending its
# clause before n++), and n would stay 3.
cp /bin/true $TMPDIR/dtdvexit
$DTRACE -q -x dynvarsize=100 -n '
BEGIN { printf("ready\n"); }
syscall::exit_group:entry /execname == "dtdvexit"/ {
	self->x = 1;
	self->a[1] = 1;
	n++;
}
tick-50ms /n == 10/ { printf("%d\n", n); exit(0); }
tick-10s { printf("timed out: %d\n", n); exit(1); }' >$TMPDIR/dvexit.out 2>&1 &
dt=$!
for i in $(seq 100); do grep -q ready $TMPDIR/dvexit.out && break; sleep 0.05; done
for i in $(seq 10); do $TMPDIR/dtdvexit; sleep 0.05; done
wait $dt
echo "rc=$?"
grep -v ready $TMPDIR/dvexit.out
rm -f $TMPDIR/dtdvexit
