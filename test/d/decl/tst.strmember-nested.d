/*
 * A string member written in place wherever it lies in a D variable: in a
 * struct member of a global, in an element of a struct array member, in
 * the struct of an associative array element; one never written reads as
 * the empty string, and a string member is copied from another.
 */
#pragma D option quiet
struct in { int k; string s; };
struct out { struct in arr[2]; struct in one; };
struct out g;
struct out a[string];
BEGIN
{
	g.arr[1].s = "nested";
	g.one.s = "one";
	a["k"].one.s = "deep";
	a["k"].arr[0].s = "elem";
	printf("%s %s %s %s [%s]\n", g.arr[1].s, g.one.s, a["k"].one.s, a["k"].arr[0].s, g.arr[0].s);
	g.one.s = g.arr[1].s;
	printf("%s\n", g.one.s);
	exit(0);
}
