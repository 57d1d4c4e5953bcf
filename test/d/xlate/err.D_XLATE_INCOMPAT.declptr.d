/* A pointer member takes a pointer, not an integer. */
struct in { int i_v; };
struct out { char *o_p; };

translator struct out < struct in *p > {
	o_p = p->i_v;
};
