BEGIN
{
	trace(nosucharray["k"]);
}
