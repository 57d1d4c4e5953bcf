BEGIN
{
	@ = sum("str");
}
