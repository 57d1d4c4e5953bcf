BEGIN
{
	printf("%.*s\n");
}
