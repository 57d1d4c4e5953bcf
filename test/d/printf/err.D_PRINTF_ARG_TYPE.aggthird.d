/* the same for an aggregation with keys, further along the arguments */
BEGIN
{
	@a[execname] = max(1);
	printf("%s %d\n", execname, @a);
}
