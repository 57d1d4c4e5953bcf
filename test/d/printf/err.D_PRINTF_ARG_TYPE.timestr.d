/* %T converts an integer (nanoseconds since the epoch), not a string */
BEGIN
{
	printf("%T\n", "now");
}
