/* strtok( ) takes a string or NULL first, not an integer */
BEGIN
{
	trace(strtok(1, ","));
}
