#pragma D option quiet
/*
 * strtok(NULL, ...) goes on only within one firing: END is another
 * firing, where nothing is left to go on with.  trace() of the NULL
 * result records an empty string.
 */
BEGIN
{
	printf("[%s]\n", strtok("x y z", " "));
}

END
{
	printf("%d\n", strtok(NULL, " ") == NULL);
	trace(strtok(NULL, " "));
	trace("|\n");
}

BEGIN
{
	exit(0);
}
