/*
 * trace() of a char array declared in D: shown as a string when its
 * bytes hold one (printable characters, at least one, then nothing but
 * NULs, or no NUL at all: the whole array), else as a hex dump, as
 * DTrace shows it.
 */
#pragma D option quiet

char hello[6], full[4], tail[5], inner[5], zero[4], ctrl[3], spaced[4];

BEGIN
{
	hello[0] = 'h'; hello[1] = 'e'; hello[2] = 'l'; hello[3] = 'l';
	hello[4] = 'o'; hello[5] = 0;
	full[0] = 'a'; full[1] = 'b'; full[2] = 'c'; full[3] = 'd';
	tail[0] = 'a'; tail[1] = 'b';
	inner[0] = 'a'; inner[2] = 'b';
	ctrl[0] = 'a'; ctrl[1] = 1;
	spaced[0] = 'x'; spaced[1] = ' '; spaced[2] = 'y';

	trace("["); trace(hello); trace("]\n");
	trace("["); trace(full); trace("]\n");
	trace("["); trace(tail); trace("]\n");
	trace("["); trace(spaced); trace("]\n");
	trace("["); trace(inner); trace("]\n");
	trace("["); trace(zero); trace("]\n");
	trace("["); trace(ctrl); trace("]\n");
	exit(0);
}
