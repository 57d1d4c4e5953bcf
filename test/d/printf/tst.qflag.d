#pragma D option quiet
/* The ? flag pads to the width of a pointer in hexadecimal (16), unless a width is given. */
BEGIN
{
	printf("[%?x]\n", 0xbeef);
	printf("[%-?d]\n", 42);
	printf("[%?4d]\n", 7);
	exit(0);
}
