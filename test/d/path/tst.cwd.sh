# cwd and root: the working directory of the -c process (started in a
# directory of our own) and, not chrooted, "/"; d_path() of the task's
# fs->pwd is cwd; d_path() of its vfsmount is the mount point of the
# directory's file system.
dir=$(cd "$TMPDIR" && pwd -P)/dpath-cwd/sub
mkdir -p "$dir"
cd "$dir" || exit 1
mnt=$(findmnt -n -o TARGET --target "$dir")
$DTRACE -q -c /bin/true -n '
syscall::exit_group:entry /pid == $target/ {
	printf("%s\n%s\n%d\n", cwd, root, cwd == d_path(&curthread->fs->pwd));
	printf("%s\n", d_path(&curthread->fs->root));
	printf("mount %s\n", d_path(curthread->fs->pwd.mnt));
}' | sed "s|$dir|DIR|; s|^mount $mnt\$|mount ok|"
