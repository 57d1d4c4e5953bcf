#pragma D option quiet
/*
 * float, double and long double are D types (4, 8 and 16 bytes on
 * x86-64, each aligned to its size as the C ABI aligns it): variables,
 * struct and union members, typedefs, sizeof and offsetof.
 *   fs:  a 0, b 8, c 16, size 20 (no tail padding)
 *   ls:  c 0, x 16, y 32, size 36
 *   fu:  the largest member, 16
 *   arr: float[3] at 0, long double at 16, size 32
 */
float f;
double d;
long double ld;
struct fs { float a; double b; int c; };
struct ls { char c; long double x; float y; };
union fu { float f; double d; long double l; char c; };
struct arr { float v[3]; long double l; };
struct outer { char c; struct ls in; };
typedef double dbl_t;
typedef long double ldbl_t;

BEGIN
{
	printf("%d %d %d\n", sizeof (f), sizeof (d), sizeof (ld));
	printf("%d %d %d\n", sizeof (float), sizeof (double),
	    sizeof (long double));
	printf("%d %d %d\n", offsetof(struct fs, b), offsetof(struct fs, c),
	    sizeof (struct fs));
	printf("%d %d %d\n", offsetof(struct ls, x), offsetof(struct ls, y),
	    sizeof (struct ls));
	printf("%d %d %d\n", sizeof (union fu), offsetof(struct arr, l),
	    sizeof (struct arr));
	printf("%d %d %d\n", offsetof(struct outer, in), sizeof (dbl_t),
	    sizeof (ldbl_t));
	exit(0);
}
