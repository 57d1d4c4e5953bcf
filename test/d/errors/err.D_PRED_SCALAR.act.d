/* an action as a predicate */
BEGIN
/trace(1)/
{
}
