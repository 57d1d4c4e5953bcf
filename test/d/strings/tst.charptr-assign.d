#pragma D option quiet
/*
 * A char * variable takes the address of a string (a probe's name, a
 * literal, a global string, a subroutine's result): indexing it reads
 * the string's characters, and it is promoted back to a string where a
 * string is wanted.
 */
char *p;
string g;

BEGIN
{
	p = probeprov;
	printf("%c%c%c\n", p[0], p[1], p[5]);
	this->q = (char *)0;
	this->q = probename;
	printf("%c%c %d\n", this->q[0], this->q[4], this->q[5]);
	p = "literal";
	printf("%c%c\n", p[0], p[6]);
	g = "global";
	p = g;
	printf("%c%c %d\n", p[0], p[5], p == "global");
	p = strjoin("ab", "cd");
	printf("%c%c %s\n", p[1], p[2], stringof(p));
	exit(0);
}
