/* system( )'s command is a format: an int is D_PROTO_ARG */
#pragma D option destructive

BEGIN
{
	system(42);
}
