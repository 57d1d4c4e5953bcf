/* @args: -q -c "$BUILD_DIR/testprog/usdttarget 2" */
/*
 * args[] of a stapsdt probe are typed by their spec's size and sign:
 * -1@ is int8_t, 8@ uint64_t, -2@ int16_t, 2@ uint16_t, -4@ int32_t;
 * arguments past the note's are out of range (err.D_ARGS_IDX.pastnote.d).
 */
dt_usdt$target:::two
{
	printf("%s: sizes %d %d, args[0] %s 0, args[1] %d\n", probename,
	    sizeof (args[0]), sizeof (args[1]),
	    args[0] < 0 ? "<" : ">=", args[1]);
}

dt_usdt$target:::three
{
	printf("%s: sizes %d %d, args[0] %s 0, args[1] %u %s 59999\n",
	    probename, sizeof (args[0]), sizeof (args[1]),
	    args[0] < 0 ? "<" : ">=", args[1], args[1] > 59999 ? ">" : "<=");
}

dt_usdt$target:::konst
{
	printf("%s: sizes %d %d, %d %d\n", probename, sizeof (args[0]),
	    sizeof (args[1]), args[0], args[1]);
}
