/*
 * this-> variables hold structs larger than 1 KB, as globals and self->
 * variables do: a copy of the current task (task_struct, about 3 KB) and
 * a D struct of 2 KB, kept for the firing's later clauses.  Scratch space
 * comes after them in the per-CPU area: filling an alloca() buffer must
 * leave them whole.
 */
#pragma D option quiet

struct big {
	int b_a[500];
	int b_last;
};

this struct big b;

BEGIN
{
	this->t = *curthread;
	this->b.b_a[0] = 3;
	this->b.b_a[499] = 7;
	this->b.b_last = 9;
	this->p = (char *)alloca(64);
	this->p[0] = 'x';
	this->p[63] = 'y';
}

BEGIN
{
	printf("%d %d\n", this->t.pid == pid, this->t.tgid == pid);
	printf("%d %d %d %d\n", this->b.b_a[0], this->b.b_a[499],
	    this->b.b_last, sizeof (this->b));
	exit(0);
}
