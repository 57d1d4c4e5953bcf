#pragma D option quiet
/* index, rindex and strstr, with start positions and no match (strstr:
   NULL). */
BEGIN
{
	printf("%d %d %d %d %d %d\n", index("hello", "l"), rindex("hello", "l"),
	    index("hello", "xyz"), index("hello", "l", 3), rindex("hello", "l", 2),
	    index("abc", ""));
	printf("%s|%d|%d %d\n", strstr("needle in haystack", "in"),
	    strstr("abc", "z") == NULL, index("aaa", "aa"), rindex("aaa", "aa"));
	exit(0);
}
