# tst.module.sh on kprobes (-x fbtkprobe): a module's function is named
# "9pnet:p9_client_open" to the kprobe PMU; args[] from the saved
# registers, typed from 9pnet's BTF all the same
$DTRACE -x fbtkprobe -q -c "$BUILD_DIR/testprog/opener /etc/hostname 5" -n '
fbt:9pnet:p9_client_open:entry /pid == $target && execname == "opener"/ {
	@e = count(); @m[args[0]->mode, args[0]->clnt->msize, args[1]] = count(); }
fbt:9pnet:p9_client_open:return /pid == $target && execname == "opener"/ {
	@r[args[1]] = count(); }
END { printa("entry %@d\n", @e); printa("mode %d msize %u flags %d: %@d\n", @m);
	printa("return %d %@d\n", @r); }'
