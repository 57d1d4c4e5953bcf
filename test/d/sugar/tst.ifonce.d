/*
 * The clause's predicate is evaluated once (its side effect happens
 * once), and an if's condition once, where the if stands: statements
 * before it have run, those after it see what a branch did.
 */
#pragma D option quiet

BEGIN
{
	i = 0;
	n = 0;
}

BEGIN
/i++ == 0/
{
	n = 1;
	if (n++ == 1) {
		printf("taken, n %d\n", n);
		n = 10;
	} else {
		printf("not taken\n");
	}
	printf("after: i %d, n %d\n", i, n);
}

BEGIN
/i++ == 5/
{
	if (1)
		printf("a false predicate runs no branch\n");
}

BEGIN
{
	printf("end: i %d\n", i);
	exit(0);
}
