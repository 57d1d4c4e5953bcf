/* tracemem()'s size is an integer: a string is refused by its prototype */
BEGIN
{
	tracemem(123, "a string");
}
