# fbt on a kernel module's function (fentry/fexit): 9pnet's
# p9_client_open, which the 9p file system calls once for each open of a
# file of the guest's root (the host's, over 9p).  The child opens
# /etc/hostname 7 times: 7 entries and 7 returns (its exec, which opens
# its binary, runs while its name is still dtrace's).  args[0] is a
# struct p9_fid *, a type 9pnet's BTF defines: a fresh fid is not open
# yet (mode -1), and its client's msize is the mount's (512000,
# test/qemu/init.c); args[1] the open flags (32768: O_LARGEFILE in 9P
# terms); return 0.
$DTRACE -q -c "$BUILD_DIR/testprog/opener /etc/hostname 7" -n '
fbt:9pnet:p9_client_open:entry /pid == $target && execname == "opener"/ {
	@e = count(); @m[args[0]->mode, args[0]->clnt->msize, args[1]] = count(); }
fbt:9pnet:p9_client_open:return /pid == $target && execname == "opener"/ {
	@r[args[1]] = count(); }
END { printa("entry %@d\n", @e); printa("mode %d msize %u flags %d: %@d\n", @m);
	printa("return %d %@d\n", @r); }'
