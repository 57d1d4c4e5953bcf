/* The input type of this translator is a struct never defined: its
   members cannot be read. */
struct out { int o_v; };

translator struct out < struct nowhere *p > {
	o_v = p->n_v;
};
