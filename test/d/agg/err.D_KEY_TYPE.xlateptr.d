/* a pointer to a translated struct is of dynamic type: not a key */
BEGIN
{
	@n[curpsinfo] = sum(1);
}
