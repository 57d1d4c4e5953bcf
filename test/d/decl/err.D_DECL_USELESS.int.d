/* a type and no name: nothing is declared */
int;

BEGIN
{
	exit(0);
}
