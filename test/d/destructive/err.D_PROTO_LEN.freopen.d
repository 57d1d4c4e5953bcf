/* freopen() needs at least one argument: DTrace declares it void(@, ...) */
#pragma D option destructive

BEGIN
{
	freopen();
}
