/*
 * func( ) came with D 1.2: a program asking for 1.2 cannot take its name,
 * though one asking for 1.1 could.
 */
#pragma D option version=1.2

int index2;
int func;

BEGIN
{
	exit(0);
}
