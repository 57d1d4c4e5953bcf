/* A #pragma D option without its name, between a call's arguments. */
BEGIN
{
	printf("%d\n",
#pragma D option
	    1);
	exit(0);
}
