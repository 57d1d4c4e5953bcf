/* exit() in a speculative clause */
BEGIN
{
	speculate(1);
	exit(0);
}
