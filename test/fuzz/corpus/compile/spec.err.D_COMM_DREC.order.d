/* commit() after a data-recording action */
BEGIN
{
	printf("x");
	commit(1);
}
