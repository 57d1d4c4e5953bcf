# d_path() crosses mount points: a file on /dev/shm (tmpfs on devtmpfs on
# the root), /proc/PID/stat (proc) and /sys/kernel/btf/vmlinux (sysfs);
# fi_mount, the mount point (d_path() of the vfsmount); fi_oflags of an
# append open (O_WRONLY | O_APPEND).
f=/dev/shm/dtpath-$$
cat >$TMPDIR/dpath-m.sh <<EOS
echo x >> $f
cat /proc/self/stat $f /sys/kernel/btf/vmlinux >/dev/null
EOS
$DTRACE -q -o $TMPDIR/dpath-m.out -c "sh $TMPDIR/dpath-m.sh" -n '
syscall::openat:return
/progenyof($target) && arg1 >= 0 && (fds[arg1].fi_dirname == "/dev/shm" ||
    fds[arg1].fi_fs == "proc" || fds[arg1].fi_fs == "sysfs")/
{
	printf("%s|%s|%s|%s|%s|%o\n", fds[arg1].fi_pathname,
	    fds[arg1].fi_dirname, fds[arg1].fi_name, fds[arg1].fi_fs,
	    fds[arg1].fi_mount, fds[arg1].fi_oflags & 03003);
}' >/dev/null
sed -E "s|$f|SHMFILE|g; s|dtpath-$$|NAME|; s|/proc/[0-9]+|/proc/PID|g" $TMPDIR/dpath-m.out
rm -f $f
