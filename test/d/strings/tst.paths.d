/* @args: -q */
/*
 * basename() and dirname() as basename(1) and dirname(1): trailing
 * slashes ignored, the slashes before the last component dropped from the
 * dirname, "/" for a path of slashes, "." for a name alone and for "";
 * on strings made at run time too.
 */
BEGIN
{
	printf("[%s] [%s]\n", dirname("/usr//lib///x//"),
	    basename("/usr//lib///x//"));
	printf("[%s] [%s]\n", dirname("//x"), basename("//x"));
	printf("[%s] [%s]\n", dirname("///"), basename("///"));
	printf("[%s] [%s]\n", dirname("/"), basename("/"));
	printf("[%s] [%s]\n", dirname("x//"), basename("x//"));
	printf("[%s] [%s]\n", dirname("a//b"), basename("a//b"));
	printf("[%s] [%s]\n", dirname("."), basename(".."));
	printf("[%s] [%s]\n", dirname(""), basename(""));
	p = strjoin("/var//", "log/");
	printf("[%s] [%s] [%s]\n", dirname(p), basename(p), cleanpath(p));
	exit(0);
}
