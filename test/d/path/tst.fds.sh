# fds[]: the files of the current process as fileinfo_t, for the file an
# openat() returns (cat /etc/hostname), its offset after a read, and a
# closed or out-of-range descriptor ("<none>", offset -1, flags 0).
f=/etc/hostname
size=$(stat -c %s $f)
fs=$(findmnt -n -o FSTYPE --target $f)
mnt=$(findmnt -n -o TARGET --target $f)
$DTRACE -q -o $TMPDIR/dpath-fds.out -c "cat $f" -n '
syscall::openat:return
/pid == $target && arg1 >= 0 && fds[arg1].fi_name == "hostname"/
{
	self->fd = arg1;
	printf("%s|%s|%s|%d|%o\n", fds[arg1].fi_pathname, fds[arg1].fi_name,
	    fds[arg1].fi_dirname, fds[arg1].fi_offset,
	    fds[arg1].fi_oflags & 3);
	printf("fs %s\nmount %s\n", fds[arg1].fi_fs, fds[arg1].fi_mount);
}
syscall::read:return /self->fd && arg1 > 0/
{
	printf("offset %d\n", fds[self->fd].fi_offset);
}
syscall::close:entry /self->fd && arg0 == self->fd/ { self->closing = 1; }
syscall::close:return /self->closing/
{
	printf("%s|%s|%s|%d|%s|%s|%d\n", fds[self->fd].fi_pathname,
	    fds[self->fd].fi_name, fds[self->fd].fi_dirname,
	    fds[self->fd].fi_offset, fds[self->fd].fi_fs,
	    fds[self->fd].fi_mount, fds[self->fd].fi_oflags);
	printf("%s %s %s\n", fds[-1].fi_name, fds[1 << 20].fi_name,
	    fds[0x7fffffff].fi_pathname);
	self->fd = 0;
	self->closing = 0;
}' >/dev/null
sed "s/^fs $fs\$/fs ok/; s/^offset $size\$/offset ok/; s|^mount $mnt\$|mount ok|" $TMPDIR/dpath-fds.out
