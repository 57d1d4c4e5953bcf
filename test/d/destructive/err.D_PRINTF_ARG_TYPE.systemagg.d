/* system( ) formats its command as printf( ) does: no aggregation there */
#pragma D option destructive

BEGIN
{
	@n = count();
	system("echo %d", @n);
}
