/* An inline's expression must suit its type where it is declared, used or
   not: an integer inline cannot be a string. */
inline int limit = "ten";

BEGIN
{
	exit(0);
}
