struct foo;
struct foo f;

BEGIN
{
	exit(0);
}
