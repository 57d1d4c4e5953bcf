#pragma D option quiet
/*
 * A struct is an associative array key by its contents: two variables
 * holding the same members name the same element.
 */
struct pt {
	int x;
	char tag;
};
struct pt a, b, c;

BEGIN
{
	a.x = 1;
	a.tag = 'p';
	b.x = 1;
	b.tag = 'p';
	c.x = 2;
	c.tag = 'p';
	cnt[a] = 10;
	cnt[b] += 5;
	cnt[c] = 7;
	named[a, "one"] = 1;
	named[c, "two"] = 2;
	printf("%d %d %d\n", cnt[a], cnt[b], cnt[c]);
	printf("%d %d %d\n", named[b, "one"], named[c, "two"], named[c, "one"]);
	exit(0);
}
