/* speculate() takes the id */
BEGIN
{
	speculate();
}
