/* strtok( )'s delimiters must be a string */
BEGIN
{
	trace(strtok("a,b", ','));
}
