/* A translator's output must be a struct or union with a definition. */
struct in { int i_v; };

translator struct notyet < struct in *p > {
	n_v = p->i_v;
};
