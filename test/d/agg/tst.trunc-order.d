/*
 * trunc(@, n) keeps the n largest entries, trunc(@, -n) the n smallest;
 * histograms are measured as they sort, by their counts times their
 * buckets' values: quantize(64) is larger than quantize(1, 10), and
 * quantize(-8) the smallest.
 */
#pragma D option quiet

BEGIN
{
	@s["a"] = sum(5);
	@s["b"] = sum(1);
	@s["c"] = sum(9);
	@s["d"] = sum(3);
	@s["e"] = sum(7);
	@t["a"] = sum(5);
	@t["b"] = sum(1);
	@t["c"] = sum(9);
	@t["d"] = sum(3);
	@t["e"] = sum(7);
	@h[1] = quantize(64);
	@h[2] = quantize(1, 10);
	@h[3] = quantize(2);
	@h[4] = quantize(-8);
	@g[1] = quantize(64);
	@g[2] = quantize(1, 10);
	@g[3] = quantize(2);
	@g[4] = quantize(-8);
}

BEGIN
{
	trunc(@s, -2);
	trunc(@t, 3);
	trunc(@h, 1);
	trunc(@g, -1);
	printa("%s %@d\n", @s);
	printa("%s %@d\n", @t);
	printa("%d:%@d\n", @h);
	printa("%d:%@d\n", @g);
	exit(0);
}
