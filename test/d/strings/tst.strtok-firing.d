#pragma D option quiet
/*
 * strtok(NULL, ...) goes on only within one firing.  Once the string is
 * used up, NULL gives NULL again; but in a firing where no string was
 * given yet (END here), strtok(NULL, ...) is DTrace's invalid address
 * fault (address 0), and the session goes on.
 */
BEGIN
{
	printf("[%s]", strtok("x y z", " "));
	printf(" [%s]", strtok(NULL, " "));
	printf(" [%s]", strtok(NULL, " "));
	printf(" %d", strtok(NULL, " ") == NULL);
	printf(" %d\n", strtok(NULL, " ") == NULL);
}

END
{
	trace(strtok(NULL, " "));
	printf("not reached\n");
}

ERROR
{
	printf("ERROR fault %d addr %d\n", arg4, arg5);
}

BEGIN
{
	exit(0);
}
