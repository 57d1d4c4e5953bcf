#pragma D option quiet
/*
 * cleanpath() called 48 times in one clause, and more in the same
 * statements: each call is one call of the program's cleanpath routine,
 * a global BPF function the verifier checks once (docs/design.md,
 * "Runtime routines"), so the clause is not limited by the verifier's
 * budget as it was when the routine was inlined at every call (nine
 * clauses of five calls were refused).  The expected paths follow the
 * rule of strings/tst.cleanpath.d: "." and empty components go, ".."
 * takes back the component before it (at the root it stays at the root,
 * in a relative path with nothing before it, it is kept), no trailing
 * slash but the root's, a relative path that comes to nothing is ".".
 * The calls after the 48 use the routine at other temporaries: two in
 * one statement, one whose argument is another's result, strings made
 * at run time.
 */
BEGIN
{
	printf("%d [%s]\n", 1, cleanpath("/a/./b"));
	printf("%d [%s]\n", 2, cleanpath("/a//b"));
	printf("%d [%s]\n", 3, cleanpath("/a/b/../c"));
	printf("%d [%s]\n", 4, cleanpath("/a/b/.."));
	printf("%d [%s]\n", 5, cleanpath("/../a"));
	printf("%d [%s]\n", 6, cleanpath("a/../../b"));
	printf("%d [%s]\n", 7, cleanpath("/"));
	printf("%d [%s]\n", 8, cleanpath(""));
	printf("%d [%s]\n", 9, cleanpath("/a/b/"));
	printf("%d [%s]\n", 10, cleanpath("./a"));
	printf("%d [%s]\n", 11, cleanpath("//"));
	printf("%d [%s]\n", 12, cleanpath("/./"));
	printf("%d [%s]\n", 13, cleanpath("/.."));
	printf("%d [%s]\n", 14, cleanpath("a/.."));
	printf("%d [%s]\n", 15, cleanpath("./"));
	printf("%d [%s]\n", 16, cleanpath("."));
	printf("%d [%s]\n", 17, cleanpath(".."));
	printf("%d [%s]\n", 18, cleanpath("../.."));
	printf("%d [%s]\n", 19, cleanpath("a/b/../../c/./.."));
	printf("%d [%s]\n", 20, cleanpath("/usr/lib/../share//./man/."));
	printf("%d [%s]\n", 21, cleanpath("/a/.b/..c/.../x"));
	printf("%d [%s]\n", 22, cleanpath("a/b/../../.."));
	printf("%d [%s]\n", 23, cleanpath("/x/y/z/../../../../../"));
	printf("%d [%s]\n", 24, cleanpath("usr/./local/../bin/"));
	printf("%d [%s]\n", 25, cleanpath("///usr///bin///"));
	printf("%d [%s]\n", 26, cleanpath("/a/b/c/d/e/f/../../../../../../.."));
	printf("%d [%s]\n", 27, cleanpath("a/./b/./c/./d"));
	printf("%d [%s]\n", 28, cleanpath("../a/../b"));
	printf("%d [%s]\n", 29, cleanpath("/..."));
	printf("%d [%s]\n", 30, cleanpath("/a/..b"));
	printf("%d [%s]\n", 31, cleanpath("x/"));
	printf("%d [%s]\n", 32, cleanpath("x//y//"));
	printf("%d [%s]\n", 33, cleanpath("/tmp/./../var/./log/../lib"));
	printf("%d [%s]\n", 34, cleanpath("a/b/c/../../.."));
	printf("%d [%s]\n", 35, cleanpath("./../a"));
	printf("%d [%s]\n", 36, cleanpath("/a/b/./../c/d/../../e"));
	printf("%d [%s]\n", 37, cleanpath("foo"));
	printf("%d [%s]\n", 38, cleanpath("/foo/"));
	printf("%d [%s]\n", 39, cleanpath("foo/bar/baz/../../qux"));
	printf("%d [%s]\n", 40, cleanpath("/../../x/../y"));
	printf("%d [%s]\n", 41, cleanpath(".hidden/./file"));
	printf("%d [%s]\n", 42, cleanpath("/a/b/c/./././"));
	printf("%d [%s]\n", 43, cleanpath("a//b//c//..//.."));
	printf("%d [%s]\n", 44, cleanpath("/one/two/three/four/five/../../../../six"));
	printf("%d [%s]\n", 45, cleanpath("../../x/y/.."));
	printf("%d [%s]\n", 46, cleanpath("/./././."));
	printf("%d [%s]\n", 47, cleanpath("dir/sub/.."));
	printf("%d [%s]\n", 48, cleanpath("/.a/.b/../.c"));
	p = strjoin("/usr/lib/../", "share//./man/.");
	printf("[%s] [%s]\n", cleanpath(p), cleanpath(strjoin(p, "/../..")));
	printf("[%s] [%s] [%s]\n", cleanpath("/x/../y"), cleanpath("z/./w"),
	    cleanpath("q/"));
	printf("[%s]\n", cleanpath(strjoin(cleanpath("/a/b/../"), "/c/../d")));
	printf("[%s]\n", strjoin(cleanpath("a/./b/"), cleanpath("/../c")));
	exit(0);
}
