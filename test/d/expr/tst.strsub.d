/*
 * string - string: DTrace types it ptrdiff_t (a string is an array of
 * char, and two arrays of char subtract as pointers do), the distance
 * between the two strings' addresses.  It is 8 bytes wide, signed
 * (b - a is the negation of a - b), 0 for a string less itself, and the
 * strings' values do not matter (two copies of the same text are two
 * strings).  string + int, string - int move along the string as before.
 */
#pragma D option quiet

BEGIN
{
	a = "same";
	b = "same";
	d = a - b;
	printf("%d %d %d %d\n", sizeof (a - b), a - a, d == -(b - a),
	    d != 0);
	printf("%s\n", a - -1);
	exit(0);
}
