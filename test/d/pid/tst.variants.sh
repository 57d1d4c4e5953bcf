# PIE, non-PIE and stripped (only .dynsym) executables: the same counts,
# and the probe's module is the file's basename.
for p in pidtarget pidtarget-nopie pidtarget-stripped; do
	$DTRACE -q -c "$BUILD_DIR/testprog/$p 4" -n '
	pid$target:a.out:dt_pt_add:entry { e++; }
	pid$target:a.out:dt_pt_add:return { r++; }
	pid$target:a.out:dt_pt_mul:return { m = probemod; v = arg1; }
	END { printf("%s %d %d %d\n", m, e, r, v); }' || echo "exit $?"
done
