/* setopt()'s value is a string: a constant or one made at run time. */
BEGIN
{
	setopt("aggsortpos", 1);
}
