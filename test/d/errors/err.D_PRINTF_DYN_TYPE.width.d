BEGIN
{
	printf("%*d\n", "wide", 1);
}
