/* args[0] of proc:::create is a translated psinfo_t *: members only */
proc:::create
{
	trace(args[0]);
}
