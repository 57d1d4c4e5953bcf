/* aggregating in a speculative clause */
BEGIN
{
	speculate(1);
	@a = count();
}
