self x;

BEGIN
{
	self->x = execname;
	exit(0);
}
