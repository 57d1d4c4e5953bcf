/*
 * tracemem(addr, nbytes, dbytes): nbytes are recorded, dbytes (worked
 * out as the probe fires) shown; a dbytes below zero or above nbytes
 * shows them all, and 0 shows nothing.
 */
#pragma D option quiet

BEGIN
{
	s = "0123456789abcdefghijklmnopqrstuvwxyz";
	n = 5;
	tracemem(s, 32, n * 4);
	printf("-\n");
	tracemem(s, 20, -1);
	printf("-\n");
	tracemem(s, 20, 100);
	printf("-\n");
	tracemem(s, 20, n - 5);
	printf("-\n");
	exit(0);
}
