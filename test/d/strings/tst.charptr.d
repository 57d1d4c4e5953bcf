#pragma D option quiet
/*
 * A char * beside a string is promoted to a string: a relational operator
 * compares the strings (either side may be the char *), and an assignment
 * to a string variable, element or thread-local copies the string.  The
 * char * here points to this thread's comm, "dtrace".  A NULL char *
 * so promoted is the empty string, as DTrace's compare and copy read
 * NULL (no fault: the ERROR clause would say so).
 */
string g;

BEGIN
{
	this->p = (char *)&curthread->comm[0];
	printf("== %d %d %d\n", this->p == "dtrace", "dtrace" == this->p,
	    this->p == execname);
	printf("!= %d %d\n", this->p != "dtrace", this->p != "dtracx");
	printf("<> %d %d %d %d\n", this->p < "dtracf", this->p > "dtrac",
	    this->p <= "dtrace", this->p >= "e");
	g = this->p;
	self->t = "x";
	self->t = this->p;
	a["k"] = "y";
	a["k"] = this->p;
	this->s = "z";
	this->s = this->p;
	printf("copies %s %s %s %s %d\n", g, self->t, a["k"], this->s,
	    strlen(g));
}

BEGIN
/this->p == "dtrace"/
{
	printf("predicate\n");
}

BEGIN
{
	this->n = (char *)0;
	printf("null %d %d %d\n", this->n == "", "x" != this->n,
	    this->n < "a");
	g = this->n;
	printf("null copy [%s] %d\n", g, strlen(g));
}

BEGIN
/this->p == "other"/
{
	printf("not printed\n");
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("fault\n");
	exit(1);
}
