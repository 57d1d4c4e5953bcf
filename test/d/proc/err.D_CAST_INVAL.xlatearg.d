/* args[0] of proc:::create, a translated psinfo_t *, cast to an integer. */
proc:::create
{
	trace((uintptr_t)args[0]);
}
