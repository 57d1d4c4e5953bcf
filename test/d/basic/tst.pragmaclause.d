/*
 * A #pragma line between the statements of a clause, as at the top of
 * a program: its option holds for the whole program (here quiet: no
 * probe lines).
 */
BEGIN
{
	x = 1;
#pragma D option quiet
	printf("x is %d\n", x);
	exit(0);
}
