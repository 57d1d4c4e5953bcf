# The classic use: speculate on every openat() of the traced process,
# commit only those that fail, discard the others.
cat >$TMPDIR/dt-spec-sys.d <<'D'
#pragma D option quiet

syscall::openat:entry
/pid == $target/
{
	self->spec = speculation();
	speculate(self->spec);
	printf("openat %s\n", copyinstr(arg1));
}

syscall::openat:return
/self->spec && (int)arg1 < 0/
{
	commit(self->spec);
	self->spec = 0;
}

syscall::openat:return
/self->spec/
{
	discard(self->spec);
	self->spec = 0;
}
D
LC_ALL=C $DTRACE -s $TMPDIR/dt-spec-sys.d -c 'cat /etc/hostname /nonexistent/dt-spec' \
    >$TMPDIR/dt-spec-sys.out 2>$TMPDIR/dt-spec-sys.err
echo "rc=$?"
# only the failed open, whatever cat opened successfully
grep -v '^cat: ' $TMPDIR/dt-spec-sys.out | grep -v -x -F -f /etc/hostname
grep '^dtrace: ' $TMPDIR/dt-spec-sys.err
rm -f $TMPDIR/dt-spec-sys.d $TMPDIR/dt-spec-sys.out $TMPDIR/dt-spec-sys.err
