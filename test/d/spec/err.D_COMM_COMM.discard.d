/* A discard( ) between two commit( )s does not make the second one legal */
BEGIN
{
	commit(1);
	discard(2);
	commit(3);
}
