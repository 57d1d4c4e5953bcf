#pragma D option quiet
/*
 * Enumerator values may name constants of every kind: integer inlines,
 * the D library's (AF_INET6, SRUN) and uregs[] names (R_PC).
 */
inline int BASE = 40;
enum e { A = BASE + 2, B = AF_INET6, C = SRUN, D = R_PC };

BEGIN
{
	printf("%d %d %d %d\n", A, B, C, D == R_PC);
	exit(0);
}
