# Uretprobes nest at most 64 deep per thread (the kernel's
# MAX_URETPROBE_DEPTH): dt_pt_rec(99) makes 100 nested calls; all 100
# entries fire, the return probe only for the 64 outermost calls (those
# that returned 36 ... 99), and the process is not disturbed (its calls
# return their right values; dtrace would report a crash).  design.md.
$DTRACE -q -n '
pid$target:a.out:dt_pt_rec:entry { @e = count(); }
pid$target:a.out:dt_pt_rec:return { @r = count(); @lo = min(arg1); @hi = max(arg1); }
END { printa("entry %@d\n", @e); printa("return %@d", @r);
    printa(", values %@d", @lo); printa(" to %@d\n", @hi); }' \
    -c "$BUILD_DIR/testprog/pidtarget recurse 99"
echo "rc=$?"
