# io:::start and io:::done of dd's direct I/O to a file on the root disk
# (vda): one 12 KB write (O_DIRECT, then fdatasync), then one 12 KB read
# of it.  Requests are told apart by address: start records the ones
# issued by dd, done matches them.  b_bcount is the I/O size, B_WRITE or
# B_READ the direction, dev_name the disk, done comes after start with
# nothing left undone.
f=$TMPDIR/dt-io.dat
dd if=/dev/urandom of=$f bs=12k count=1 2>/dev/null
sync
for dir in write read; do
	if [ $dir = write ]; then
		cmd="dd if=$f of=$f.2 bs=12k count=1 oflag=direct conv=fdatasync status=none"
	else
		cmd="dd if=$f.2 of=/dev/null bs=12k count=1 iflag=direct status=none"
	fi
	$DTRACE -q -c "$cmd" -n '
int w, r, ok, after, size, resid, err;
io:::start /pid == $target && args[0]->b_bcount == 12288/ {
	t[arg0] = timestamp;
	n++;
	w += (args[0]->b_flags & B_WRITE) != 0;
	r += (args[0]->b_flags & B_READ) != 0;
	dev = args[1]->dev_name;
	path = args[1]->dev_pathname;
	file = args[2]->fi_pathname;
	ok += args[1]->dev_major > 0 && args[0]->b_edev != 0;
}
io:::done /t[arg0]/ {
	d++;
	after += timestamp >= t[arg0];
	size += args[0]->b_bcount;
	resid += args[0]->b_resid;
	err += args[0]->b_error;
	t[arg0] = 0;
}
END {
	printf("starts %d, writes %d, reads %d, dev %s %s, file %s, major ok %d\n",
	    n, w, r, dev, path, file, ok);
	printf("dones %d, after start %d, bytes %d, resid %d, error %d\n",
	    d, after, size, resid, err);
}' 2>&1 >$TMPDIR/dt-io.out
	echo "$dir rc=$?"
	cat $TMPDIR/dt-io.out
done
rm -f $f $f.2 $TMPDIR/dt-io.out
