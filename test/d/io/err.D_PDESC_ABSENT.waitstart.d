/* io:::wait-start has no tracepoint here: refused, with why */
io:::wait-start
{
	trace(args[0]->b_bcount);
}
