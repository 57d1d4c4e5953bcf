/* @args: -q -c "$BUILD_DIR/testprog/usdttarget 1" */
/*
 * A stapsdt probe's names: the note's provider followed by the process
 * id, the file's basename, the function that holds the site, the note's
 * name with "__" turned into "-" (tick__now is tick-now).
 */
dt_usdt$target:::zero,
dt_usdt$target:::guarded
{
	printf("%s %s %s %s\n", probeprov == strjoin("dt_usdt",
	    lltostr($target)) ? "dt_usdtPID" : probeprov, probemod, probefunc,
	    probename);
}
