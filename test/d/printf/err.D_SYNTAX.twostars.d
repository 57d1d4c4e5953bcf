/* two '*'s for one width: DTrace's D_SYNTAX */
BEGIN
{
	printf("%**d\n", 1, 2);
}
