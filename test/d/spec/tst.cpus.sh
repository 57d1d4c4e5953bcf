# A speculation made on CPU 0 and committed from CPU 1: its buffer is
# shared by every CPU.  The committing clause runs first, so its line
# comes before the committed one.
cat >$TMPDIR/dt-spec-cpus.d <<'D'
#pragma D option quiet

syscall::openat:entry
/progenyof($target) && copyinstr(arg1) == "/nonexistent/dt-spec-a"/
{
	s = speculation();
	speculate(s);
	printf("speculated on CPU %d\n", cpu);
}

syscall::openat:entry
/progenyof($target) && copyinstr(arg1) == "/nonexistent/dt-spec-b"/
{
	printf("committing on CPU %d\n", cpu);
}

syscall::openat:entry
/progenyof($target) && copyinstr(arg1) == "/nonexistent/dt-spec-b"/
{
	commit(s);
}
D
cat >$TMPDIR/dt-spec-cpus.run <<'SH'
taskset -c 0 cat /nonexistent/dt-spec-a
taskset -c 1 cat /nonexistent/dt-spec-b
SH
LC_ALL=C $DTRACE -s $TMPDIR/dt-spec-cpus.d -c "sh $TMPDIR/dt-spec-cpus.run" \
    2>$TMPDIR/dt-spec-cpus.err | grep -v '^$'
grep -v '^cat: ' $TMPDIR/dt-spec-cpus.err
rm -f $TMPDIR/dt-spec-cpus.d $TMPDIR/dt-spec-cpus.run $TMPDIR/dt-spec-cpus.err
