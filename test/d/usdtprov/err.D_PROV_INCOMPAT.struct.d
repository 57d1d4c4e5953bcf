/* A probe argument is an integer or a pointer, not a struct. */
struct req {
	int id;
};
provider myprov {
	probe go(struct req);
};
