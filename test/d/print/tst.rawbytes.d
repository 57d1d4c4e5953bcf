/*
 * Option rawbytes: every value trace() records shows as tracemem()'s
 * hex dump of its bytes, as DTrace for Linux shows it: an integer its
 * type's size (1, 2, 4 or 8 bytes, little-endian), a pointer 8, a char
 * array that would be a string and a struct all their bytes (a struct
 * declared in D ends where its last member does: struct pair is 3
 * bytes).
 */
#pragma D option quiet
#pragma D option rawbytes

char name[4];
struct pair { short a; char b; } st;

BEGIN
{
	name[0] = 'a';
	name[1] = 'b';
	st.a = 0x1234;
	st.b = 'z';
	trace((int8_t)-1);
	trace((uint16_t)0x0102);
	trace(0x0a0b0c0d);
	trace((int64_t)-2);
	trace((void *)0x1122334455667788);
	trace(name);
	trace(st);
	exit(0);
}
