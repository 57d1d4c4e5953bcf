#pragma D option quiet
/*
 * %d and %i format the 64-bit value an integer's type extends it to: an
 * unsigned value narrower than 64 bits prints unsigned, a signed one
 * signed; a 64-bit value as %d is signed.
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
	printf("%hhd %x\n", ui, ui);
	exit(0);
}
