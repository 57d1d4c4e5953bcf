/* and two for one precision */
BEGIN
{
	printf("%.**d\n", 1, 2);
}
