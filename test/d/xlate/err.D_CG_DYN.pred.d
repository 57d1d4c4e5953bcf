/* ... and as the whole value of a predicate. */
BEGIN
/xlate <psinfo_t *> (curthread)/
{
	exit(0);
}
