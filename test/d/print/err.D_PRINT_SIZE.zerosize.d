/*
 * print() of a pointer to a struct of size 0 (only a flexible array
 * member): nothing to show, D_PRINT_SIZE as DTrace reports it.
 */
BEGIN
{
	t = (int *)alloca(sizeof (int));
	print((struct bpf_raw_tracepoint_args *)t);
	exit(0);
}
