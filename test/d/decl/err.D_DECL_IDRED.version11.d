/*
 * From D 1.1 on, strstr is a built-in function: a program asking for
 * version 1.1 cannot declare a variable of that name.
 */
#pragma D option version=1.1

int strstr;

BEGIN
{
	exit(0);
}
