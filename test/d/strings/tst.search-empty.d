/* @args: -q */
/*
 * index() and rindex() find the empty string where the search starts,
 * the start put within [0, length]: index("foobar", "", 7) is 6,
 * rindex("foobar", "", -1) is 0, rindex("foobar", "") is 6.  A string
 * that is not empty is not found before 0 by rindex().  The needle as a
 * literal and as a variable.
 */
BEGIN
{
	s = "foobar";
	e = "";
	printf("%d %d %d %d %d\n", index(s, "", 7), index(s, "", -400),
	    index(s, "", 3), index("", "", 1), index(s, ""));
	printf("%d %d %d %d %d\n", index(s, e, 7), index(s, e, -400),
	    index(s, e, 3), index(e, e, 1), index(s, e));
	printf("%d %d %d %d %d\n", rindex(s, "", -1), rindex(s, "", 8),
	    rindex(s, "", 2), rindex("", "", -400), rindex(s, ""));
	printf("%d %d %d %d %d\n", rindex(s, e, -1), rindex(s, e, 8),
	    rindex(s, e, 2), rindex(e, e, -400), rindex(s, e));
	o = "o";
	printf("%d %d %d %d [%s]\n", rindex(s, "o", -1), rindex(s, o, 0),
	    index(s, o, -5), rindex(s, o, 400), strstr(s, e));
	exit(0);
}
