/* a data-recording action after commit() */
BEGIN
{
	commit(1);
	trace(1);
}
