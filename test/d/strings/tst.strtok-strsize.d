/* @args: -q -xstrsize=8 */
/*
 * strtok() at strsize: the string is cut to strsize characters first, so a
 * token ends there at the latest.
 */
BEGIN
{
	printf("[%s]", strtok("abcdefghijk", ","));
	printf("%d\n", strtok(NULL, ",") == NULL);
	printf("[%s]", strtok("ab,defghijk", ","));
	printf("[%s]", strtok(NULL, ","));
	printf("%d\n", strtok(NULL, ",") == NULL);
	printf("[%s]", strtok("abcdef,h", ","));
	printf("[%s]\n", strtok(NULL, ","));
	exit(0);
}
