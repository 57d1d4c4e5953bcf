#pragma D option quiet
BEGIN
{
	a = "abc";
	b = "abd";
	printf("%d %d %d %d\n", a == "abc", a != b, a < b, b > a);
	printf("%d %d %d\n", "" == "", "a" < "ab", execname == "dtrace");
	printf("%s\n", a == b ? "same" : "different");
	exit(0);
}
