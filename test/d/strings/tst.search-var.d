/* @args: -q */
/*
 * index( ), rindex( ), strstr( ) of a string held in a variable or made at
 * run time, as of a literal: the first (index, strstr) or last (rindex)
 * occurrence, -1 or NULL when there is none; index searches from its start
 * position (a negative one counts as 0), rindex at or before it; the
 * empty string is found where the search starts.  Overlapping and
 * repeated prefixes ("ababc" in "abababc...") need the search not to
 * skip a start.  A search for a string not known at compile time costs
 * the verifier some 50,000 instructions at strsize 256, and the clauses
 * of a probe make one program (at most 1,000,000): half of them in END.
 */
BEGIN
{
	s = "abababcabababcab";
	t = "ababc";
	printf("%d %d %s\n", index(s, t), rindex(s, t), strstr(s, t));
	printf("%d %d %s\n", index(s, "ababc"), rindex(s, "ababc"),
	    strstr(s, "ababc"));
}

BEGIN
{
	u = "ab";
	printf("%d %d %d %d\n", index(s, u), rindex(s, u), index(s, u, 3),
	    rindex(s, u, 13));
	printf("%d %d %d\n", index(s, u, -3), rindex(s, u, -1),
	    index(s, u, 100));
}

BEGIN
{
	/* strtok()'s delimiters and strjoin()'s parts in variables */
	d = ",;";
	x = "a,b;;c";
	printf("[%s] [%s] [%s] [%s]\n", strtok(x, d), strtok(NULL, d),
	    strtok(NULL, d), strjoin(x, d));
	exit(0);
}

END
{
	e = "";
	printf("%d %d %d\n", index(s, e), rindex(s, e), index(s, e, 5));
	z = "abcd";
	printf("%d %d %d\n", index(s, z), rindex(s, z), strstr(s, z) == NULL);
}

END
{
	w = strjoin(s, "X");
	printf("%d %d [%s]\n", index(s, w), rindex(s, s), strstr(s, s));
	printf("%d %d [%s]\n", index("aaaa", "aa"), rindex("aaaa",
	    strjoin("a", "a")), strstr("xaaab", strjoin("aa", "b")));
}
