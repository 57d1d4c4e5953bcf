/* system() is an action, not a value */
#pragma D option destructive

BEGIN
{
	x = system("true");
}
