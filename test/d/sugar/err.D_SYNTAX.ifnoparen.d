/* if takes its condition in parentheses */
BEGIN
{
	if 1 { trace(1); }
}
