/*
 * A parse error (a call of 1) is reported before the aggregation's two
 * key tuples, which are refused only once parsing is done.
 */
BEGIN
{
	@counts[0][2] = tick-1();
}
