/* panic() is refused, with or without destructive */
#pragma D option destructive

BEGIN
{
	panic();
}
