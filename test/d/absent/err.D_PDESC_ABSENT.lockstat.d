/* lockstat needs kprobes, which this kernel lacks: refused, with why */
lockstat:::adaptive-acquire
{
	@ = count();
}
