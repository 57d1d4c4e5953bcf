#pragma D option quiet
/* String subroutines on constant strings: what DTrace prints. */
BEGIN
{
	printf("%s|%s|%d|%s|%s|%s\n", strjoin("foo", "bar"),
	    substr("hello world", 6), strlen("hello"), substr("hello", -3),
	    substr("hello", 1, 2), substr("hello", 10));
	printf("%s|%s|%s|%s|%s|%s\n", basename("/usr/lib/libc.so.6"),
	    dirname("/usr/lib/libc.so.6"), lltostr(-12345), lltostr(0),
	    basename("/"), dirname("/"));
	printf("%s|%s|%d|%s|%s|%s|%s\n", strchr("key=value", '='),
	    strrchr("a/b/c", '/'), strchr("abc", 'x') == NULL, toupper("Hello, World!"),
	    tolower("MiXeD"), dirname("file"), basename("dir/"));
	printf("%s|%s|%s|%d\n", lltostr(9223372036854775807),
	    lltostr(-9223372036854775807 - 1), dirname("/usr/"), strlen(""));
	exit(0);
}
