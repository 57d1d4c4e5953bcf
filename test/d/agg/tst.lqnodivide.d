/*
 * A step that does not divide limit - base: the buckets are whole steps
 * from the base, and the last one holds everything from the end of the
 * last whole step (9 here) up.
 */
BEGIN
{
	@a = lquantize(-1, 0, 10, 3);
	@a = lquantize(1, 0, 10, 3);
	@a = lquantize(4, 0, 10, 3);
	@a = lquantize(8, 0, 10, 3);
	@a = lquantize(9, 0, 10, 3);
	@a = lquantize(10, 0, 10, 3);
	@a = lquantize(11, 0, 10, 3);
	exit(0);
}
