# Firings on two CPUs at once (kill -0, 2000 on each) append to one
# speculation side by side: none of their records is lost or mixed up,
# and committing sends them all (4000 of 24 bytes fit in 128 KB).
cat >$TMPDIR/dt-spec-app.d <<'D'
#pragma D option quiet
#pragma D option specsize=128k

BEGIN
{
	s = speculation();
}

syscall::kill:entry
/progenyof($target) && arg1 == 0/
{
	speculate(s);
	printf("CPU %d\n", cpu);
}

END
{
	commit(s);
}
D
cat >$TMPDIR/dt-spec-app.run <<'SH'
taskset -c 0 sh -c 'for i in $(seq 2000); do kill -0 $$; done' &
taskset -c 1 sh -c 'for i in $(seq 2000); do kill -0 $$; done' &
wait
SH
$DTRACE -s $TMPDIR/dt-spec-app.d -c "sh $TMPDIR/dt-spec-app.run" \
    2>$TMPDIR/dt-spec-app.err | grep -v '^$' | sort | uniq -c
cat $TMPDIR/dt-spec-app.err
rm -f $TMPDIR/dt-spec-app.d $TMPDIR/dt-spec-app.run $TMPDIR/dt-spec-app.err
