# self-> variables are per thread and die with their thread.
$DTRACE -q -c 'cat /etc/hostname' -o $TMPDIR/dt-self.out \
    -n 'syscall::openat:entry /pid == $target/ { self->ts = timestamp; }' \
    -n 'syscall::openat:return /self->ts/ { printf("%d\n", timestamp >= self->ts); self->ts = 0; }' >/dev/null
sort -u $TMPDIR/dt-self.out | grep -v '^$'
cp /bin/echo $TMPDIR/dtselfecho
$DTRACE -q -n 'syscall::write:entry /execname == "dtselfecho"/ { self->w = arg2; }' -n 'tick-1500ms { exit(0); }' &
sleep 0.7
$TMPDIR/dtselfecho one >/dev/null
$TMPDIR/dtselfecho two >/dev/null
sleep 0.2
echo "entries left: $(bpftool map dump name dt_w 2>/dev/null | grep -c '^key')"
wait
rm -f $TMPDIR/dt-self.out $TMPDIR/dtselfecho
