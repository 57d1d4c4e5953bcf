#pragma D option quiet
/*
 * A plain %d or %i of an unsigned value is DTrace's %u, whatever its
 * size (a uint64_t 2^64-1 is 18446744073709551615); of a signed one it is
 * signed; a sized form (%hd) keeps its own sign.
 */
unsigned int ui;
unsigned short us;
int si;

BEGIN
{
	ui = 4294967295;
	us = 65535;
	si = -1;
	printf("%d %i %d\n", ui, us, (unsigned char)250);
	printf("%d %d %d\n", si, (short)-2, (char)-3);
	printf("%d %u\n", (uint64_t)-1, (uint64_t)-1);
	printf("%hd %x\n", ui, ui);
	exit(0);
}
