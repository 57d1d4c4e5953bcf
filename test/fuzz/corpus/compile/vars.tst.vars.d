#pragma D option quiet
/* self-> per thread, this-> per probe firing across its clauses. */
BEGIN
{
	self->t = 5;
	this->l = 7;
	this->s = "local";
}
BEGIN
{
	self->t++;
	printf("%d %d %s\n", self->t, this->l, this->s);
	exit(0);
}
