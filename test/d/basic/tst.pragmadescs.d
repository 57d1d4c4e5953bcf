/*
 * A #pragma line between a clause's probe descriptions, and between the
 * last one and the clause's body, is a pragma as anywhere a line starts.
 * The second clause fires at BEGIN and again at END.
 */
BEGIN
#pragma D option quiet
{
	printf("first\n");
}

BEGIN,
#pragma D option bufsize=1m
END
{
	printf("%s\n", probename);
	exit(0);
}
