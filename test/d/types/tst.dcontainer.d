/*
 * D`name names a type the program declares: DTrace's D container of its
 * own types, usable wherever a type name is (offsetof, sizeof, casts).
 * Offsets and sizes follow C's layout: a char then an int is padded to 4.
 */
#pragma D option quiet

struct rec { char c; int x; long y; };
union u { int i; char c; short s; };
typedef struct rec rec_t;

BEGIN
{
	printf("%d %d %d\n", offsetof(struct D`rec, c),
	    offsetof(struct D`rec, x), offsetof(struct D`rec, y));
	printf("%d %d\n", offsetof(union D`u, s), sizeof (union D`u));
	printf("%d %d\n", offsetof(D`rec_t, y), sizeof (D`rec_t));
	printf("%d\n", sizeof (struct D`rec) == sizeof (struct rec));
	exit(0);
}
