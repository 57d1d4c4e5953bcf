/* freopen() needs a format */
#pragma D option destructive

BEGIN
{
	freopen();
}
