/*
 * Globals are declared clause by clause in program order: END, first
 * in the program, reads start before the BEGIN clause that assigns it.
 */
END
{
	total = timestamp - start;
}

BEGIN
{
	start = timestamp;
	exit(0);
}
