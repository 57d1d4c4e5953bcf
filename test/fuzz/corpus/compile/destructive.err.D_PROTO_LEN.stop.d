/* stop() takes no argument */
#pragma D option destructive

BEGIN
{
	stop(1);
}
