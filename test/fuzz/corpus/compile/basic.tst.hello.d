BEGIN
{
	printf("hello, %s %d\n", "world", 42);
	exit(0);
}
