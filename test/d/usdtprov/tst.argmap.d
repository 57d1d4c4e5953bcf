/* @args: -q -c "$BUILD_DIR/testprog/usdtprov 2" */
/*
 * A probe whose provider maps its arguments: place(int i, int j) :
 * (int j, int i, int i, int j), fired as place(10 + k, 4).  D sees the
 * arguments as the declaration after the colon gives them: arg0..arg3
 * and args[0..3] are j, i, i, j, that is 4, 10 + k, 10 + k, 4.
 */
dtprov$target:::place
{
	printf("%s: %d %d %d %d / %d %d %d %d\n", probename, arg0, arg1, arg2,
	    arg3, args[0], args[1], args[2], args[3]);
}
