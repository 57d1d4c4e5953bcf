# A chrooted process sees its own paths: cat copied with its libraries
# into a directory of ours and run there by chroot(8) opens /etc/x; its
# cwd is "/" (chroot changes to the new root); root is the directory's
# global path; its standard output, outside the new root, has its global
# path, as the kernel's d_path gives it.
j=$(cd "$TMPDIR" && pwd -P)/dpath-jail
mkdir -p "$j/bin" "$j/etc"
cp /bin/cat "$j/bin/"
for l in $(ldd /bin/cat | grep -o '/[^ ]*'); do
	mkdir -p "$j$(dirname "$l")"
	cp "$l" "$j$l"
done
echo x >"$j/etc/x"
$DTRACE -q -o $TMPDIR/dpath-chroot.out -c "chroot $j /bin/cat /etc/x" -n '
syscall::openat:return /pid == $target && arg1 >= 0 &&
    fds[arg1].fi_name == "x"/
{
	printf("%s|%s|%s|%s\n", fds[arg1].fi_pathname, cwd, root,
	    fds[1].fi_pathname);
}' >/dev/null
sed "s|$j|JAIL|g" $TMPDIR/dpath-chroot.out
