/* @args: -q -xstrsize=4096 */
/* strtok() at the largest strsize: two calls in one clause still load. */
BEGIN
{
	printf("[%s]", strtok("..first..second..", "."));
	printf("[%s]\n", strtok(NULL, "."));
	exit(0);
}
