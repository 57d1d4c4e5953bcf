#pragma D option quiet
/*
 * A char array variable is a string where one is wanted, as DTrace takes
 * char arrays: a subroutine's or printf( )'s argument, stringof( ), a
 * comparison with a string; at most its size, without a NUL at its end.
 * Elsewhere it stays an array of char (c[i], sizeof).
 */
char c[8];
char full[4];
char after[4];
this char l[6];

BEGIN
{
	c[0] = 'h';
	c[1] = 'i';
	full[0] = 'a'; full[1] = 'b'; full[2] = 'c'; full[3] = 'd';
	after[0] = 'X';
	this->l[0] = 'o';
	this->l[1] = 'k';

	printf("%s %d %s\n", c, strlen(c), stringof(c));
	printf("%d %d %d\n", c == "hi", "hj" > c, c != "hi");
	printf("%s %d %s\n", full, strlen(full), strjoin(full, "!"));
	printf("%s %s %d\n", this->l, toupper(this->l), sizeof (c));
	printf("%c %d\n", c[1], c[2]);
	exit(0);
}
