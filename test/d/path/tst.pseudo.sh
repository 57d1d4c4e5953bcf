# Pipes and sockets are named as the kernel names them (d_dname):
# pipe:[INO] and socket:[INO], INO the inode number, for cat reading its
# standard input from a pipe, then from a socket.
cat >$TMPDIR/dpath-pseudo.sh <<'EOS'
echo x | cat >/dev/null
perl -e 'use Socket; socket(my $s, PF_INET, SOCK_STREAM, 0) or die;
    open(STDIN, "<&", $s) or die; exec "cat"' 2>/dev/null
EOS
$DTRACE -q -o $TMPDIR/dpath-pseudo.out -c "sh $TMPDIR/dpath-pseudo.sh" -n '
syscall::read:entry /progenyof($target) && execname == "cat" && arg0 == 0/
{
	this->ino = lltostr(curthread->files->fdt->fd[0]->f_inode->i_ino);
	printf("%s %s %d %d %s\n", fds[0].fi_fs, fds[0].fi_name,
	    fds[0].fi_pathname == strjoin("pipe:[", strjoin(this->ino, "]")),
	    fds[0].fi_pathname == strjoin("socket:[", strjoin(this->ino,
	    "]")), fds[0].fi_mount);
}' >/dev/null
sort -u $TMPDIR/dpath-pseudo.out | sed -E 's/:\[[0-9]+\]/:[N]/'
