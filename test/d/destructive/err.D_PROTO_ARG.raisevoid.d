/* raise( ) takes an int: printf( )'s void is D_PROTO_ARG */
#pragma D option destructive

BEGIN
{
	raise(printf("x"));
}
