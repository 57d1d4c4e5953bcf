/*
 * The increment argument of quantize(), lquantize() and llquantize(): the
 * bucket grows by it instead of one.  Negative counts are drawn leftwards
 * from the axis; a histogram with counts of both signs gets half-width
 * bars on each side of a centre line.  normalize() divides the counts
 * printed, not the bars.
 */
#pragma D option quiet

BEGIN
{
	@inc = quantize(1);
	@inc = quantize(100, 3);
	@inc = quantize(5, 2);
	@neg = lquantize(3, 0, 10, 1, -2);
	@neg = lquantize(5, 0, 10, 1, -1);
	@mixed = quantize(1, -1);
	@mixed = quantize(8, 3);
	@mixed = quantize(-20, 2);
	@ll = llquantize(50, 10, 0, 3, 10, 7);
	@norm = lquantize(4, 0, 8, 2, 40);
	@norm = lquantize(7, 0, 8, 2, 20);
	normalize(@norm, 10);
	exit(0);
}
