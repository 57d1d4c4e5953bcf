/* @args: -q */
/*
 * llquantize() with negative values: the buckets below the zero bucket
 * mirror those above it (a negative v goes where -v would), the first
 * holds v <= -factor^(high+1); with a low magnitude above 0 the zero
 * bucket is "abs() < factor^low"; INT64_MIN and INT64_MAX go to the first
 * and the last bucket.
 */
BEGIN
{
	@a = llquantize(-20, 4, 0, 1, 4);
	@a = llquantize(-13, 4, 0, 1, 4);
	@a = llquantize(-5, 4, 0, 1, 4);
	@a = llquantize(-4, 4, 0, 1, 4);
	@a = llquantize(-1, 4, 0, 1, 4);
	@a = llquantize(0, 4, 0, 1, 4);
	@a = llquantize(2, 4, 0, 1, 4);
	@a = llquantize(7, 4, 0, 1, 4);
	@a = llquantize(100, 4, 0, 1, 4);
	@b = llquantize(-15, 10, 1, 2, 10);
	@b = llquantize(3, 10, 1, 2, 10);
	@b = llquantize(-3, 10, 1, 2, 10);
	@b = llquantize(25, 10, 1, 2, 10);
	@c = llquantize(-9223372036854775807 - 1, 2, 0, 1, 2);
	@c = llquantize(9223372036854775807, 2, 0, 1, 2);
	@c = llquantize(-3, 2, 0, 1, 2);
	@c = llquantize(-3, 2, 0, 1, 2);
	exit(0);
}
