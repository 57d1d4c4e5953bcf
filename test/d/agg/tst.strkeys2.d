/* @args: -q */
/*
 * Two string keys at the default strsize (256) fit the 512 bytes a key
 * may have.
 */
BEGIN
{
	@[strjoin("exec", "name"), "b"] = count();
	@[strjoin("exec", "name"), "b"] = count();
	k["a", "b"] = 7;
	printa("%s %s %@d\n", @);
	printf("%d\n", k["a", "b"]);
	exit(0);
}
