/* A predicate may not read a global that only a later clause assigns. */
BEGIN
/seen == 0/
{
	trace(1);
}

BEGIN
{
	seen = 1;
	exit(0);
}
