/*
 * Integer keys print by their size, as DTrace's: 1 byte " %3u", 2 bytes
 * " %5u", 4 bytes " %8d", 8 bytes " %16lld", whatever the signedness of
 * the type; and sort (aggsortkey) as those bytes read unsigned.
 */
#pragma D option quiet
#pragma D option aggsortkey

BEGIN
{
	@c[(char)-1] = sum(10);
	@c[(char)100] = sum(20);
	@c[(char)7] = sum(30);
	@s[(short)-300] = sum(1);
	@s[(unsigned short)40000] = sum(2);
	@s[(short)5] = sum(3);
	@u[(unsigned int)0xffffffff] = sum(4);
	@u[(unsigned int)12] = sum(5);
	@l[(long)-5] = sum(6);
	@l[(unsigned long)3] = sum(7);
	@m[(char)-2, (short)-2] = count();
	@m[(char)1, (short)-2] = count();
	exit(0);
}
