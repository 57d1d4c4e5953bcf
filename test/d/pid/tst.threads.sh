# Threads the process creates after tracing began fire its probes; a
# child process it forks does not (pid$target is that process only).
for mode in thread fork; do
	$DTRACE -q -c "$BUILD_DIR/testprog/pidtarget $mode" -n '
	pid$target:a.out:dt_pt_add:entry { n++; p[pid] = 1; }
	pid$target:a.out:dt_pt_add:entry /tid != pid/ { t++; }
	pid$target:a.out:dt_pt_mul:return { v = arg1; }
	END { printf("%d calls, %d in other threads, %d process, %d\n",
	    n, t, p[$target], v); }'
	echo "exit $?"
done
