# A library that a -c process loads with dlopen() gains its probes while
# the session runs: the dynamic loader's _dl_debug_state() hook stops
# the process until the library's probes are attached, so even the calls
# made at once after dlopen() returns are traced: pid entry and return
# probes, and the library's USDT probe, exact counts.  pidtarget calls
# dt_usdtlib_fire(i) 10 times at once after dlopen(), then 10 times more
# 100 ms later.  The process is not left stopped: it exits 0.
lib="$BUILD_DIR/testprog/libusdtlib.so"
$DTRACE -Z -q -n '
pid$target:libusdtlib.so:dt_usdtlib_fire:entry {
	@e[arg0 < 10 ? "at once" : "later"] = count(); }
pid$target:libusdtlib.so:dt_usdtlib_fire:return { @r = count(); }
dt_usdt$target:::lib_fire { @u[arg0 < 10 ? "at once" : "later"] = count(); }
END { printa("entry %s: %@d\n", @e); printa("return: %@d\n", @r);
    printa("usdt %s: %@d\n", @u); }' \
    -c "$BUILD_DIR/testprog/pidtarget dlopen $lib 10 100"
echo "dtrace exit $?"
