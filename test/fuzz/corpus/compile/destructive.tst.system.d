/* @args: -q -w */
/*
 * system(): the command is formatted like printf() and run by the
 * consumer, its output in order with the records around it.
 */
BEGIN
{
	printf("before\n");
	system("echo %d %s", 42, "is the answer");
	printf("between\n");
	system("printf 'no newline '; exit 3");
	printf("after\n");
}

BEGIN
{
	system("echo second clause");
	exit(0);
}
