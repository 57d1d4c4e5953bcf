/* exit() in a branch ends the firing: nothing after it runs */
#pragma D option quiet

BEGIN
{
	if (1) {
		printf("in the branch\n");
		exit(0);
	}
	printf("after the if\n");
}

BEGIN
{
	printf("a later clause\n");
}
