BEGIN
{
	s = "abc";
	s = 1;
	exit(0);
}
