/* @args: -q -c "$BUILD_DIR/testprog/usdttarget-lib 3" */
/*
 * A probe in a shared library the -c process loads: module libusdtlib.so
 * (also named libusdtlib), function dt_usdtlib_fire, arguments -4@%edi
 * and -8@-8(%rsp).
 */
dt_usdt$target:libusdtlib.so::lib_fire
{
	printf("%s %s %s %d %d\n", probemod, probefunc, probename, arg0, arg1);
}

dt_usdt$target:libusdtlib::lib_fire
{
	n++;
}

END
{
	printf("short module name: %d\n", n);
}
