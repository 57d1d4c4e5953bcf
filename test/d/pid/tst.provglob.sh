# A glob in the provider name names the pid provider of the process its
# trailing digits give, when pidNNN matches the glob, as in DTrace:
# p*d$target, pi?$target, [p]id$target and *$target all trace the
# target's functions (probeprov is then pidNNN), from the start and in a
# library it loads later; a glob that pidNNN does not match (q*$target)
# matches nothing.  pidtarget 3 calls dt_pt_add 3 times and dt_pt_mul
# once; pidtarget dlopen calls the library's dt_usdtlib_fire 20 times.
bin="$BUILD_DIR/testprog/pidtarget"
$DTRACE -q -n '
p*d$target:a.out:dt_pt_add:entry { @[probeprov == strjoin("pid", lltostr(pid)) ? "p*d pidN" : probeprov, probefunc] = count(); }
pi?$target:a.out:dt_pt_mul:return { @["pi?", probefunc] = count(); }
[p]id$target:a.out:dt_pt_*:entry { @["[p]id", probefunc] = count(); }
*$target:a.out:dt_pt_add:entry { @["*", probefunc] = count(); }
END { printa("%s %s %@d\n", @); }' -c "$bin 3" | sort
echo "exit ${PIPESTATUS[0]}"
$DTRACE -xerrtags -n 'q*$target:a.out:dt_pt_add:entry { }' -c "$bin 3" 2>&1 |
    head -1 | sed -E 's/[0-9]+/N/g'
echo "exit ${PIPESTATUS[0]}"
lib="$BUILD_DIR/testprog/libusdtlib.so"
$DTRACE -Z -q -n 'p*d$target:libusdtlib.so:dt_usdtlib_fire:entry { @ = count(); }
END { printa("dlopen entries %@d\n", @); }' \
    -c "$bin dlopen $lib 10 100"
echo "exit $?"
