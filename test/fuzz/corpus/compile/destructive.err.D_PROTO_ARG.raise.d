/* raise() takes a signal number */
#pragma D option destructive

BEGIN
{
	raise("SIGUSR1");
}
