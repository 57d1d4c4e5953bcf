#pragma D option quiet
/*
 * Enumerators and array dimensions are integer constant expressions,
 * folded by C's rules: / and % truncate toward zero, a cast converts to
 * its type, a shift of an unsigned operand brings in zeros.
 */
enum e {
	A = 7 / 2,
	B = -7 / 2,
	C = -7 % 2,
	D = (char)300,
	E = 0xffffffffffffffff >> 60,
	F = !5
};
int arr[(unsigned char)260][3 % 2 + 1];

BEGIN
{
	printf("%d %d %d %d %d %d %d\n", A, B, C, D, E, F, sizeof (arr));
	exit(0);
}
