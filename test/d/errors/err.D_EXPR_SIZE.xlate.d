/*
 * A translator whose member uses its input twice, nested 40 deep: each
 * level doubles the expression that its expansion copies.
 */
struct twice {
	long t_v;
};

translator struct twice < long x > {
	t_v = x + x;
};

BEGIN
{
	trace(xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (xlate <struct twice> (arg0).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v).t_v);
}
