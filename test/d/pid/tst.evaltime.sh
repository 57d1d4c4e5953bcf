# Option evaltime: where a -c process is held while its descriptions are
# evaluated.  By default (postinit, as DTrace) after its dynamic loader
# has run (at main(), or at the entry point of a program without the
# symbol main, as /bin/true), so /bin/true makes no system call under
# the session but its exit_group.  With exec, before its exec, so
# that the loader's system calls are traced (it opens libc
# and maps it), and a description of a library the loader has not
# mapped yet matches nothing (-Z: it is provided when the loader reports
# the library, and fires).
for et in postinit exec; do
	$DTRACE -q -x evaltime=$et -c /bin/true -n '
	int o;
	syscall:::entry /pid == $target/ { n++; o += probefunc == "openat"; }
	END { printf("%s: system calls > 10: %d, openat: %d\n", $$1, n > 10,
	    o > 0); }' $et
done
$DTRACE -q -x evaltime=exec -c "$BUILD_DIR/testprog/pidtarget 2" \
    -n 'pid$target:libc.so.6:exit:entry { printf("exit\n"); }' 2>&1 |
    sed 's/pid[0-9][0-9]*:/pidN:/; s/process [0-9]*/process N/' | head -1
$DTRACE -q -Z -x evaltime=exec -c "$BUILD_DIR/testprog/pidtarget 2" -n '
pid$target:a.out:main:entry { printf("main\n"); }
pid$target:libc.so.6:exit:entry { printf("exit\n"); }'
echo "rc=$?"
# preinit holds the process at its entry point, before its program's
# constructors; postinit (the default) and main at main(), after them, as
# DTrace does; a program without the symbol main (stripped) at its entry
# point.  A static program's libc starts up after the entry point (its
# arch_prctl()); a dynamic one's loader, before it.
cat > $TMPDIR/ctor.c <<'CEOF'
#include <unistd.h>
__attribute__((constructor)) static void
ctor(void)
{
	(void) !write(1, "constructor\n", 12);
}
int
main(void)
{
	(void) !write(1, "main\n", 5);
	return (0);
}
CEOF
gcc -O1 -o $TMPDIR/dynamic $TMPDIR/ctor.c &&
    gcc -O1 -static -o $TMPDIR/static $TMPDIR/ctor.c &&
    gcc -O1 -static -s -o $TMPDIR/stripped $TMPDIR/ctor.c || exit 1
for prog in dynamic static stripped; do
	for et in exec preinit postinit main default; do
		opt="-x evaltime=$et"
		[ $et = default ] && opt=
		$DTRACE -q $opt -c $TMPDIR/$prog -n '
		syscall::arch_prctl:entry /pid == $target/ { libc = 1; }
		syscall::write:entry /pid == $target/ { w++; }
		END { printf("%s %s: %d writes, start-up %s\n", $$1, $$2, w,
		    libc ? "seen" : "not seen"); }' $prog $et | grep writes
	done
done
# With exec, a program is held before its exec(), so that the exec() is
# traced: proc:::exec-success fires for $target under exec alone, as in
# DTrace; the others hold it after.
for et in exec preinit postinit main; do
	$DTRACE -q -x evaltime=$et -c /bin/true -n '
	proc:::exec-success /pid == $target/ {
		printf("%s: exec of %s seen\n", $$1, execname); }
	proc:::exit /pid == $target/ { printf("%s: exit, reason %d\n", $$1,
	    args[0]); }' $et
done
