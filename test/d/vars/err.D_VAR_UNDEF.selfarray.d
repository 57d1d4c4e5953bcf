/* a thread-local array read before any element is assigned */
BEGIN
{
	trace(self->a["k"]);
}
