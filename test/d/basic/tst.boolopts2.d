/* The last word counts: quiet set, then unset by "Disabled". */
#pragma D option quiet=yes
#pragma D option quiet=Disabled

BEGIN
{
	printf("not quiet");
	exit(0);
}
