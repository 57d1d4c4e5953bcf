/*
 * DTrace's integer model: a binary operator's type is that of its operand
 * of higher rank (size in bits, plus one if unsigned), with no promotion
 * to int; a unary operator and a shift keep their (left) operand's type;
 * values are computed in 64 bits and brought to their type's size by a
 * cast, a store, a record (printf, trace), a comparison or an operand of
 * a wider type (an int 1 << 30 added to itself is -2^31 there, as in
 * DTrace for Linux's own checks), never between operators of the type;
 * %d of an unsigned value is %u.
 */
#pragma D option quiet

unsigned char C;
signed char c;
short s;
unsigned short S;
int i, x, y;
unsigned int I;
long long l;
unsigned long long L;

BEGIN
{
	C = 254; c = -3;
	printf("uchar+schar %d\n", C + c);
	c = 3;
	printf("uchar+schar wraps %d\n", C + c);
	s = -2; C = 253;
	printf("short+uchar %d\n", s + C);
	S = 65534; c = -3;
	printf("ushort+schar %d\n", S + c);
	i = -2; I = 3;
	printf("uint+int %d\n", I + i);
	I = 1;
	printf("int+uint %d\n", i + I);
	l = -5; L = 0;
	printf("ulonglong+longlong %d\n", L + l);
	printf("casts %d %d %5d|%i\n", (unsigned long long)-1,
	    (unsigned char)-1, (unsigned short)65535, (unsigned int)-1);

	x = 1 << 30;
	printf("int sum > 0 %d, recorded as int %d\n", (x + x) > 0, x + x);
	l = x + x;
	printf("64-bit product %d, int sum in a long long %d %x\n",
	    (x * 4) / 4, l, (x + x) & 0x100000000);
	y = 0x7fffffff;
	printf("wraps in a comparison %d\n", y + 1 < y);

	C = 1;
	printf("-uchar %d\n", -C);
	C = 0;
	printf("~uchar %d\n", ~C);
	C = 0x90;
	printf("uchar shifts %d %d\n", C << 4, (C << 4) >> 4);
	c = -1; C = 1;
	printf("schar<uchar %d\n", c < C);
	i = -1;
	printf("int<uint %d\n", i < I);

	C = 250; C += 10;
	printf("uchar += %d\n", C);
	C = 255; C++;
	printf("uchar ++ %d\n", C);
	L = -4;
	printf("ulonglong / %d\n", L / 2);
	x = 1 << 30; C = 200;
	trace(x + x);
	printf(" ");
	trace(C + C);
	printf("\n");
	exit(0);
}
