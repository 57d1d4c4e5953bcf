/*
 * A string and an integer added or subtracted: DTrace treats the string
 * as a pointer to its characters there (its compiler's rule for + and -:
 * "D permits strings to be treated as pointers"), and the result is a
 * string, the one at that address.  For a global, a clause-local, a
 * thread-local and an associative array's string, on either side of +,
 * under strsize 6 (what the variable holds is cut there); the address
 * moves on through s + 1 + 2; a string result compares, is measured and
 * is stored as any string is.
 */
#pragma D option quiet
#pragma D option strsize=6

BEGIN
{
	g = "abcdefgh";
	printf("[%s] [%s] [%s]\n", g, g + 1, 1 + g);
	g = "12";
	printf("[%s] [%s] [%s]\n", g, g + 1, 1 + g);
	this->l = "abcdefgh";
	printf("[%s] [%s]\n", this->l + 2, 3 + this->l);
	self->t = "abcdefgh";
	printf("[%s] [%s]\n", self->t + 5, self->t - 0);
	a[1234] = "wxyz";
	printf("[%s]\n", a[1234] + 1);
	printf("[%s] %d %d\n", g + 1 + 0, ("xabc" + 1) == "abc",
	    strlen("hello" + 1 + 2));
	t = "uvwxyz" + 2;
	printf("[%s]\n", t);
	exit(0);
}
