# Deep and long paths: the walk takes at most 64 steps and the name at
# most strsize - 1 bytes; a path that needs more keeps its end, after
# "...".  70 directories d01/../d70 below our own directory: at strsize
# 512 the depth limit cuts (64 steps: f and d70 down to d08); at 256 and
# 64 the length does.  cwd is cut the same way.
p=$(cd "$TMPDIR" && pwd -P)/dpath-deep
for i in $(seq -w 1 70); do p=$p/d$i; done
mkdir -p "$p"
echo x >"$p/f"
cd "$p" || exit 1
for s in 512 256 64; do
	rm -f $TMPDIR/dpath-deep.out	# -o appends
	$DTRACE -q -x strsize=$s -c 'cat f' -o $TMPDIR/dpath-deep.out -n '
	syscall::openat:return /pid == $target && arg1 >= 0 &&
	    fds[arg1].fi_name == "f"/
	{
		printf("%s\n%s\n%d\n", fds[arg1].fi_pathname, cwd,
		    strlen(fds[arg1].fi_pathname));
	}' >/dev/null
	cat $TMPDIR/dpath-deep.out
done
