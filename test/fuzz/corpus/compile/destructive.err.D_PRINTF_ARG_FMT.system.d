/* system()'s command is a format: a string constant */
#pragma D option destructive

BEGIN
{
	system(execname);
}
