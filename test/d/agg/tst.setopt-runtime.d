/*
 * setopt()'s value may be a string made as the probe fires: here the
 * aggregation to sort by (aggsortpos) changes at each firing.
 */
#pragma D option quiet

tick-1ms
/i < 3/
{
	@a[i] = sum(3 - i);
	@b[i] = sum(i);
	@c[i] = sum((i + 2) % 3);
	i++;
}

tick-1ms
/i >= 3 && j < 4/
{
	printf("aggsortpos=%d\n", j);
	setopt("aggsortpos", lltostr(j));
	printa("%d %@d %@d %@d\n", @a, @b, @c);
	j++;
}

tick-1ms
/j == 4/
{
	setopt("aggsortpos", j == 4 ? "1" : "0");
	printa("%d %@d %@d %@d\n", @a, @b, @c);
	exit(0);
}
