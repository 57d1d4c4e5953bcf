/* @args: -q -xstrsize=5 */
/*
 * A string holds strsize characters: every string a subroutine makes is
 * cut to 5 here, and a literal is cut before it is used.  lltostr() keeps
 * the sign and the leading digits.
 */
BEGIN
{
	x = "abc";
	y = "defgh";
	this->p = alloca(4);
	*(uint32_t *)this->p = 0xfeffffff;
	printf("[%s] [%s] [%s]\n", "abcdefghij", "abcde", "abcd");
	printf("[%s] [%s] [%s]\n", strjoin("ab", "cdefg"), strjoin(x, y),
	    strjoin("abcde", "x"));
	printf("[%s] [%s]\n", substr("abcdefghij", 1),
	    substr("abcdefghij", 1, 3));
	printf("[%s] [%s] [%s] [%s]\n", lltostr(1234567890),
	    lltostr(-1234567890), lltostr(12345), lltostr(-1234));
	printf("[%s] [%s]\n", toupper("abcdefgh"), tolower("ABCDEFGH"));
	printf("[%s] [%s]\n", basename("/usr/lib"), dirname("/a/bcdefg"));
	printf("%d %d %d\n", strlen("abcdefgh"), strlen(strjoin(y, y)),
	    strlen(x));
	printf("[%s] [%s]\n", execname, inet_ntoa((ipaddr_t *)this->p));
	u = "cde";
	printf("%d [%s] %d\n", index(strjoin(x, y), u),
	    strstr(strjoin(x, y), u), index(y, strjoin(y, y)));
	exit(0);
}
