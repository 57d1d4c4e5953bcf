/* A register name uregs[] does not know is an unknown identifier. */
BEGIN
{
	trace(uregs[R_NOSUCH]);
}
