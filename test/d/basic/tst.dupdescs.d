/*
 * A clause runs once for each of its descriptions that matches the
 * probe, as DTrace makes an enabling of each: twice for "BEGIN, BEGIN",
 * three times when a glob matches BEGIN again; a clause whose
 * descriptions match different probes runs once on each; a clause with
 * an if statement runs whole each time.  With nspec=1 the second
 * speculation() of a doubled clause finds none free.
 */
#pragma D option quiet
#pragma D option nspec=1

BEGIN, BEGIN
{
	n++;
	printf("run %d\n", n);
}

BEGIN, dtrace:::BEGIN, dtrace:::BEG*
{
	m++;
}

BEGIN, END
{
	k++;
}

BEGIN, BEGIN
{
	j++;
	printf("part %d", j);
	if (j == 1) {
		printf(" first");
	}
	printf(" end\n");
}

BEGIN, BEGIN
{
	s = speculation();
	printf("speculation %d\n", s);
}

BEGIN
{
	printf("n=%d m=%d k=%d\n", n, m, k);
	exit(0);
}

END
{
	printf("k=%d\n", k);
}
