/* a statement of an aggregation never declared names nothing */
BEGIN
{
	@never;
}
