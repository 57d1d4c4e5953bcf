/*
 * A string member of a D struct held in a D variable is written in place
 * by =, whatever holds the struct: an associative array element, a
 * global, a this-> or a self-> variable.  The copy is cut to the member's
 * char array (strsize bytes, the NUL included) as any string store is
 * cut to its room; a shorter string written later ends at its own NUL;
 * the struct's other members keep their values.
 */
#pragma D option quiet
#pragma D option strsize=16

struct cmd {
	int before;
	string str;
	int n;
};

struct cmd command[int];
struct cmd g;
self struct cmd s;
this struct cmd c;

BEGIN
{
	command[1].before = 7;
	command[1].str = "hello";
	command[1].n = 3;
	command[2].str = strjoin("wor", "ld");
	g.str = "abcdefghijklmnopqrstuvwxyz";
	g.n = 5;
	this->c.str = "this";
	self->s.str = g.str;
	printf("%d [%s] %d\n", command[1].before, command[1].str,
	    command[1].n);
	printf("[%s] [%s] %d\n", command[2].str, g.str, strlen(g.str));
	printf("[%s] [%s]\n", this->c.str, self->s.str);
	g.str = "ab";
	command[1].str = g.str;
	printf("[%s] %d [%s] %d %d\n", g.str, g.n, command[1].str,
	    command[1].before, command[1].n);
	exit(0);
}
