/* @args: -q */
/*
 * One statement may hold many string values at once, as in DTrace:
 * nested searches with variable needles, joins and substrings as the
 * arguments of one printf().
 */
BEGIN
{
	s = "foobarbarbazbarbop";
	b = "baz";
	z = "zba";
	printf("[%s] [%s] [%s]\n", strstr(s, b), strstr(s, z),
	    strstr(strstr(s, b), strstr(s, z)));
	printf("[%s] [%s] %d [%s]\n", strjoin(strjoin(substr(s, 0, 3), ":"),
	    strjoin(substr(s, -3), ":")), toupper(strstr(s, b)),
	    index(strjoin(s, s), strstr(s, z), 10), strrchr(strstr(s, b), 'b'));
	exit(0);
}
