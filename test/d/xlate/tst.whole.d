/*
 * A whole translated struct: xlate <OUT> (e) and *xlate <OUT *> (e) build
 * every member the translator defines (the others are zero), as a value
 * that print() shows, a variable holds and members are read from.
 */
#pragma D option quiet

struct in {
	int a;
	int b;
};

struct out {
	int sum;
	int diff;
	long untranslated;
	string name;
};

translator struct out < struct in *p > {
	sum = p->a + p->b;
	diff = p->a - p->b;
	name = "fixed";
};

BEGIN
{
	this->p = (struct in *)alloca(sizeof (struct in));
	this->p->a = 5;
	this->p->b = 3;
	print(xlate <struct out> (this->p));
	this->o = *xlate <struct out *> (this->p);
	self->o = xlate <struct out> (this->p);
	printf("%d %d %d %s\n", this->o.sum, self->o.diff,
	    this->o.untranslated, this->o.name);
}

BEGIN
{
	/* the D library's translators: curpsinfo, curlwpsinfo */
	this->ps = *curpsinfo;
	this->lw = *curlwpsinfo;
	printf("%d %d %d %d\n", this->ps.pr_pid == pid,
	    this->ps.pr_ppid == ppid, this->ps.pr_fname == execname,
	    this->lw.pr_lwpid == tid);
	exit(0);
}
