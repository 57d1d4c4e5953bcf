#pragma D option quiet
/*
 * D's integer type aliases (the guide's "Data Types and Sizes") and the
 * other names of D's own type container, known without kernel types,
 * in declarations, casts and sizeof.
 */
int8_t s8;
uint16_t u16;
int32_t s32;
intptr_t ip;
uintptr_t up;
ptrdiff_t pd;
BEGIN
{
	s8 = 0x80;
	u16 = -1;
	s32 = 0x80000000;
	ip = -1;
	up = ip;
	pd = -2;
	printf("%d %u %d %d %u %d\n", s8, u16, s32, ip, up, pd);
	printf("%u %u %u %u %u\n", sizeof (int8_t), sizeof (int16_t),
	    sizeof (int32_t), sizeof (int64_t), sizeof (intptr_t));
	printf("%u %u %u %u %u\n", sizeof (uint8_t), sizeof (uint16_t),
	    sizeof (uint32_t), sizeof (uint64_t), sizeof (uintptr_t));
	printf("%u %u %u %u %u %u %u\n", sizeof (size_t), sizeof (ssize_t),
	    sizeof (ptrdiff_t), sizeof (uchar_t), sizeof (ushort_t),
	    sizeof (uint_t), sizeof (ulong_t));
	printf("%u %u %u %u %u\n", sizeof (u_longlong_t), sizeof (pid_t),
	    sizeof (id_t), sizeof (ipaddr_t), sizeof (in_addr_t));
	printf("%d %u\n", (int8_t)255, (uchar_t)-1);
	exit(0);
}
