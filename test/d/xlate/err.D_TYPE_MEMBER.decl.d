/* A translator's member expressions are checked where it is declared,
   used or not: the input struct has no member nosuch. */
struct in { int i_v; };
struct out { int o_v; };

translator struct out < struct in *p > {
	o_v = p->nosuch;
};
