/*
 * trace( ) was in D from 1.0: even a program asking for version 1.0
 * cannot declare a variable of that name.
 */
#pragma D option version=1.0

int trace;

BEGIN
{
	exit(0);
}
