struct later;

BEGIN
{
	p = (struct later *)0;
	p++;
}
