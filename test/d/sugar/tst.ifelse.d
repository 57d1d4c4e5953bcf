/* if and else in a clause: blocks, single statements, nesting, else if */
#pragma D option quiet
BEGIN
{
	x = 3;
	printf("before\n");
	if (x > 2) {
		printf("big %d\n", x);
		if (x == 3)
			printf("three\n");
		else
			printf("not three\n");
	} else {
		printf("small\n");
	}
	if (x < 0)
		printf("negative\n");
	else if (x < 5)
		printf("under five\n");
	else
		printf("five or more\n");
	printf("after\n");
	exit(0);
}
