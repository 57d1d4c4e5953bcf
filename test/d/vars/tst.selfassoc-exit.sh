# A thread's self->a[k] elements die with it: after one process exits,
# only the elements of the one still running are left in the maps; once
# it exits too, none.  Assigning 0 deletes an element.
cp /bin/sh $TMPDIR/dtselfa
$DTRACE -q -n 'syscall::write:entry /execname == "dtselfa"/
{
	self->w[arg0, "fd"] = arg2;
	self->s[execname] = "x";
	self->z[arg0] = 1;
	self->z[arg0] = 0;
}' -n 'tick-3s { exit(0); }' &
sleep 0.7
$TMPDIR/dtselfa -c 'echo one; sleep 1' >/dev/null &
$TMPDIR/dtselfa -c 'echo two' >/dev/null
sleep 0.2
count() { bpftool map dump name "$1" 2>/dev/null | grep -c '^key'; }
echo "running: w $(count dt_w) s $(count dt_s) z $(count dt_z)"
wait %2
sleep 0.2
echo "exited: w $(count dt_w) s $(count dt_s) z $(count dt_z)"
wait %1
rm -f $TMPDIR/dtselfa
