# cwd and root: the working directory of the -c process (started in a
# directory of our own) and, not chrooted, "/"; d_path() of the task's
# fs->pwd is cwd.
dir=$(cd "$TMPDIR" && pwd -P)/dpath-cwd/sub
mkdir -p "$dir"
cd "$dir" || exit 1
$DTRACE -q -c /bin/true -n '
syscall::exit_group:entry /pid == $target/ {
	printf("%s\n%s\n%d\n", cwd, root, cwd == d_path(&curthread->fs->pwd));
	printf("%s\n", d_path(&curthread->fs->root));
}' | sed "s|$dir|DIR|"
