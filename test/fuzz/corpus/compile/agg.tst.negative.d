/*
 * Negative values in every aggregating function: sums and averages below
 * zero (avg truncates toward zero), min/max of negatives, and the negative
 * buckets of quantize() and lquantize() (below the range: underflow).
 */
#pragma D option quiet

BEGIN
{
	@s = sum(-5);
	@s = sum(-7);
	@a = avg(-3);
	@a = avg(-4);
	@mn = min(-10);
	@mn = min(5);
	@mx = max(-10);
	@mx = max(-20);
	@sd = stddev(-2);
	@sd = stddev(-4);
	@q = quantize(-1);
	@q = quantize(-100);
	@q = quantize(-100);
	@q = quantize(0);
	@l = lquantize(-5, -10, 10, 5);
	@l = lquantize(-20, -10, 10, 5);
	@l = lquantize(-10, -10, 10, 5);
	exit(0);
}
