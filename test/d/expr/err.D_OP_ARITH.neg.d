BEGIN
{
	x = -"abc";
}
