#pragma D option quiet
/*
 * How DTrace lays out bit-fields of structs declared in D: a bit-field
 * starts at the first byte after the member before it, aligned to its
 * own size, the smallest power of two bytes that holds its width (1 to
 * 8 bits: 1 byte, 9 to 16: 2, 17 to 32: 4, 33 to 64: 8), whatever type
 * it was declared with; a zero-width bit-field is no member; the struct
 * ends where its last member ends, with no tail padding.
 *   small: a 0, b 1                                    size 2
 *   bits:  a 0, b 1, c (12 bits) 2                     size 4
 *   one:   a 0 (1 bit of an int)                       size 1
 *   mix:   c 0, w (17 bits) 4 to bit 49, x 7, y 8      size 10
 *   wide:  a 0, b (33 bits) 8                          size 16
 *   zero:  a 0, b 1 (the ": 0" changes nothing)        size 2
 *   un:    the largest of 1, 2 (12 bits) and 4 bytes   size 4
 */
struct small { char a : 2; char b : 3; };
struct bits { unsigned int a : 1; unsigned int b : 3; unsigned int c : 12; };
struct one { unsigned int a : 1; };
struct mix { char c; int w : 17; int x : 7; short y; };
struct wide { long a : 1; long b : 33; };
struct zero { int a : 3; int : 0; int b : 3; };
union un { char a : 1; short b : 12; int c : 20; };

BEGIN
{
	printf("%d %d %d\n", sizeof (struct small), sizeof (struct bits),
	    sizeof (struct one));
	printf("%d %d %d\n", sizeof (struct mix), offsetof(struct mix, c),
	    offsetof(struct mix, y));
	printf("%d %d %d\n", sizeof (struct wide), sizeof (struct zero),
	    sizeof (union un));
	exit(0);
}
