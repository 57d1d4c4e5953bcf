#pragma D option quiet
/*
 * cleanpath(): "/./" removed, "/../" takes back the component before it,
 * runs of slashes become one; the text only, no symbolic links.  Where
 * DTrace's documentation says nothing, our choices (docs/design.md):
 * a trailing "/." or "/.." counts as "/./" or "/../" ("/a/b/.." is
 * "/a"); ".." at the root stays at the root; in a relative path a ".."
 * with nothing before it to take back is kept ("a/../../b" is "../b").
 * As DTrace for Linux has it, every "." element goes, a leading one too
 * ("./a" is "a"), and a relative path that comes to nothing is "."
 * ("a/..", "./"), where "" stays "".  The result has
 * no trailing slash but the root's, as in DTrace ("/a/./b/../c//d/" is
 * "/a/c/d").  Five calls a clause: the verifier keeps several hundred
 * pending branches for each call's loop.
 */
BEGIN
{
	printf("[%s] [%s] [%s] [%s] [%s]\n", cleanpath("/a/./b"),
	    cleanpath("/a//b"), cleanpath("/a/b/../c"), cleanpath("/a/b/.."),
	    cleanpath("/../a"));
}

BEGIN
{
	printf("[%s] [%s] [%s] [%s] [%s]\n", cleanpath("a/../../b"),
	    cleanpath("/"), cleanpath(""), cleanpath("/a/b/"),
	    cleanpath("./a"));
}

BEGIN
{
	printf("[%s] [%s] [%s] [%s] [%s]\n",
	    cleanpath("/foo/bar/baz/../../bop/bang/../../bar/baz/"),
	    cleanpath("//"), cleanpath("/./"), cleanpath("/.."),
	    cleanpath("foo/bar/./././baz/"));
}

BEGIN
{
	printf("[%s] [%s] [%s] [%s] [%s]\n", cleanpath("././a"),
	    cleanpath("a/.."), cleanpath("./"), cleanpath("."),
	    cleanpath("a/b/../../c/./.."));
}

BEGIN
{
	/* a string made at run time; names that only begin with dots */
	p = strjoin("/usr/lib/../", "share//./man/.");
	printf("[%s] [%s] [%s] [%s]\n", cleanpath(p),
	    cleanpath("/a/.b/..c/.../x"), cleanpath("a/b/../../.."),
	    cleanpath("/x/y/z/../../../../../"));
	exit(0);
}
