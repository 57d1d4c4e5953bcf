/* The translator takes a pointer; a struct value has none, whatever
   operator follows the translation. */
struct in { int i_v; };
struct out { int o_v; };

translator struct out < struct in *p > {
	o_v = p->i_v;
};

struct in v;

BEGIN
{
	trace(xlate <struct out *> (v)->o_v);
}
