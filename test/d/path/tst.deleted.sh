# A file unlinked while open ends in " (deleted)", as the kernel's d_path
# writes it: cat reads it from its standard input after the shell removed
# it.
dir=$(cd "$TMPDIR" && pwd -P)
f=$dir/dpath-del
echo x >"$f"
cat >$TMPDIR/dpath-del.sh <<EOS
exec 3<$f
rm $f
cat <&3 >/dev/null
EOS
$DTRACE -q -o $TMPDIR/dpath-del.out -c "sh $TMPDIR/dpath-del.sh" -n '
syscall::read:entry /progenyof($target) && execname == "cat" && arg0 == 0/
{
	printf("%s|%s|%s\n", fds[0].fi_pathname, fds[0].fi_name,
	    fds[0].fi_dirname);
}' >/dev/null
sort -u $TMPDIR/dpath-del.out | sed "s|$dir|DIR|g"
