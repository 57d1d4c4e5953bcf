/*
 * A struct declared in D ends where its last member ends: D adds no
 * padding after it (as DTrace lays structs out), though each member is
 * aligned as C aligns it; a union is as large as its largest member.
 * Bit-fields take the smallest power of two bytes holding their width.
 */
#pragma D option quiet

struct ic { int i; char c; };
struct ci { char c; int i; };
struct lc { long l; char c; };
struct bf5 { int c : 12; int a : 10; int b : 3; };
struct bf7 { long c : 32; long long d : 9; int e : 1; };
union uc { char c[5]; short s; };

BEGIN
{
	printf("%d %d %d\n", sizeof (struct ic), sizeof (struct ci),
	    sizeof (struct lc));
	printf("%d %d %d\n", sizeof (struct bf5), sizeof (struct bf7),
	    sizeof (union uc));
	exit(0);
}
