#pragma D option quiet
/*
 * basename() and dirname() called 75 times each in one clause (inlined,
 * a program took fewer than 90 basename() calls): each call is one call
 * of the program's routine, a global BPF function verified once
 * (docs/design.md, "Runtime routines").  The expected names follow
 * basename(1) and dirname(1), as DTrace's do: trailing slashes are
 * ignored, dirname drops the slashes before the last component too, a
 * path of slashes is "/" for both, a name without a slash has dirname
 * ".".  Then 50 calls more of each, whose last result is printed, and
 * calls at other temporaries: two in one statement, one as another's
 * argument.
 */
BEGIN
{
	printf("%d [%s] [%s]\n", 1, basename("/usr/lib/libc.so"), dirname("/usr/lib/libc.so"));
	printf("%d [%s] [%s]\n", 2, basename("/usr/lib/"), dirname("/usr/lib/"));
	printf("%d [%s] [%s]\n", 3, basename("/usr//lib//"), dirname("/usr//lib//"));
	printf("%d [%s] [%s]\n", 4, basename("usr"), dirname("usr"));
	printf("%d [%s] [%s]\n", 5, basename("usr/"), dirname("usr/"));
	printf("%d [%s] [%s]\n", 6, basename("/"), dirname("/"));
	printf("%d [%s] [%s]\n", 7, basename("//"), dirname("//"));
	printf("%d [%s] [%s]\n", 8, basename("a/b/"), dirname("a/b/"));
	printf("%d [%s] [%s]\n", 9, basename("."), dirname("."));
	printf("%d [%s] [%s]\n", 10, basename(".."), dirname(".."));
	printf("%d [%s] [%s]\n", 11, basename("/a"), dirname("/a"));
	printf("%d [%s] [%s]\n", 12, basename("a/b"), dirname("a/b"));
	printf("%d [%s] [%s]\n", 13, basename("a//b"), dirname("a//b"));
	printf("%d [%s] [%s]\n", 14, basename("/a/b/c/d/e"), dirname("/a/b/c/d/e"));
	printf("%d [%s] [%s]\n", 15, basename("//x"), dirname("//x"));
	printf("%d [%s] [%s]\n", 16, basename("x//"), dirname("x//"));
	printf("%d [%s] [%s]\n", 17, basename("/foo/bar///baz/"), dirname("/foo/bar///baz/"));
	printf("%d [%s] [%s]\n", 18, basename("./a"), dirname("./a"));
	printf("%d [%s] [%s]\n", 19, basename("../b/"), dirname("../b/"));
	printf("%d [%s] [%s]\n", 20, basename("/.hidden"), dirname("/.hidden"));
	printf("%d [%s] [%s]\n", 21, basename("a/.b/"), dirname("a/.b/"));
	printf("%d [%s] [%s]\n", 22, basename("/.."), dirname("/.."));
	printf("%d [%s] [%s]\n", 23, basename("///a///b///"), dirname("///a///b///"));
	printf("%d [%s] [%s]\n", 24, basename("name.d"), dirname("name.d"));
	printf("%d [%s] [%s]\n", 25, basename("/tmp/x.y.z"), dirname("/tmp/x.y.z"));
	s = basename("/m/n0/o0/");
	t = dirname("/m/n0/o0/");
	s = basename("/m/n1/o1/");
	t = dirname("/m/n1/o1/");
	s = basename("/m/n2/o2/");
	t = dirname("/m/n2/o2/");
	s = basename("/m/n3/o3/");
	t = dirname("/m/n3/o3/");
	s = basename("/m/n4/o4/");
	t = dirname("/m/n4/o4/");
	s = basename("/m/n5/o5/");
	t = dirname("/m/n5/o5/");
	s = basename("/m/n6/o6/");
	t = dirname("/m/n6/o6/");
	s = basename("/m/n7/o7/");
	t = dirname("/m/n7/o7/");
	s = basename("/m/n8/o8/");
	t = dirname("/m/n8/o8/");
	s = basename("/m/n9/o9/");
	t = dirname("/m/n9/o9/");
	s = basename("/m/n10/o10/");
	t = dirname("/m/n10/o10/");
	s = basename("/m/n11/o11/");
	t = dirname("/m/n11/o11/");
	s = basename("/m/n12/o12/");
	t = dirname("/m/n12/o12/");
	s = basename("/m/n13/o13/");
	t = dirname("/m/n13/o13/");
	s = basename("/m/n14/o14/");
	t = dirname("/m/n14/o14/");
	s = basename("/m/n15/o15/");
	t = dirname("/m/n15/o15/");
	s = basename("/m/n16/o16/");
	t = dirname("/m/n16/o16/");
	s = basename("/m/n17/o17/");
	t = dirname("/m/n17/o17/");
	s = basename("/m/n18/o18/");
	t = dirname("/m/n18/o18/");
	s = basename("/m/n19/o19/");
	t = dirname("/m/n19/o19/");
	s = basename("/m/n20/o20/");
	t = dirname("/m/n20/o20/");
	s = basename("/m/n21/o21/");
	t = dirname("/m/n21/o21/");
	s = basename("/m/n22/o22/");
	t = dirname("/m/n22/o22/");
	s = basename("/m/n23/o23/");
	t = dirname("/m/n23/o23/");
	s = basename("/m/n24/o24/");
	t = dirname("/m/n24/o24/");
	s = basename("/m/n25/o25/");
	t = dirname("/m/n25/o25/");
	s = basename("/m/n26/o26/");
	t = dirname("/m/n26/o26/");
	s = basename("/m/n27/o27/");
	t = dirname("/m/n27/o27/");
	s = basename("/m/n28/o28/");
	t = dirname("/m/n28/o28/");
	s = basename("/m/n29/o29/");
	t = dirname("/m/n29/o29/");
	s = basename("/m/n30/o30/");
	t = dirname("/m/n30/o30/");
	s = basename("/m/n31/o31/");
	t = dirname("/m/n31/o31/");
	s = basename("/m/n32/o32/");
	t = dirname("/m/n32/o32/");
	s = basename("/m/n33/o33/");
	t = dirname("/m/n33/o33/");
	s = basename("/m/n34/o34/");
	t = dirname("/m/n34/o34/");
	s = basename("/m/n35/o35/");
	t = dirname("/m/n35/o35/");
	s = basename("/m/n36/o36/");
	t = dirname("/m/n36/o36/");
	s = basename("/m/n37/o37/");
	t = dirname("/m/n37/o37/");
	s = basename("/m/n38/o38/");
	t = dirname("/m/n38/o38/");
	s = basename("/m/n39/o39/");
	t = dirname("/m/n39/o39/");
	s = basename("/m/n40/o40/");
	t = dirname("/m/n40/o40/");
	s = basename("/m/n41/o41/");
	t = dirname("/m/n41/o41/");
	s = basename("/m/n42/o42/");
	t = dirname("/m/n42/o42/");
	s = basename("/m/n43/o43/");
	t = dirname("/m/n43/o43/");
	s = basename("/m/n44/o44/");
	t = dirname("/m/n44/o44/");
	s = basename("/m/n45/o45/");
	t = dirname("/m/n45/o45/");
	s = basename("/m/n46/o46/");
	t = dirname("/m/n46/o46/");
	s = basename("/m/n47/o47/");
	t = dirname("/m/n47/o47/");
	s = basename("/m/n48/o48/");
	t = dirname("/m/n48/o48/");
	s = basename("/m/n49/o49/");
	t = dirname("/m/n49/o49/");
	printf("[%s] [%s]\n", s, t);
	printf("[%s]\n", basename(dirname("/a/b/c/")));
	printf("[%s]\n", dirname(strjoin(basename("/x/y"), "/z/w")));
	printf("[%s]\n", cleanpath(strjoin(dirname("/p/q/r"), "/../s")));
	exit(0);
}
