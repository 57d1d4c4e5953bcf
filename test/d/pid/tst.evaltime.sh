# Option evaltime: where a -c process is held while its descriptions are
# evaluated.  By default (postinit, as DTrace) at its program's entry
# point: its dynamic loader has run, so /bin/true makes no system call
# under the session but its exit_group.  With exec, at its exec, before
# the loader runs: the loader's system calls are traced (it opens libc
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
