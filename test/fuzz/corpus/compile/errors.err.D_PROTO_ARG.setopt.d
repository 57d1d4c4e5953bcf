/* setopt() takes string constants. */
BEGIN
{
	setopt(1);
}
