#pragma D option quiet
/* tracemem() of a bad address raises ERROR; the session goes on. */
BEGIN
{
	tracemem(0, 8);
	trace("not reached\n");
}

BEGIN
{
	trace("after\n");
	exit(0);
}
