/* A translated struct type needs a translator from the native type. */
struct req {
	int id;
};
typedef struct reqinfo {
	int ri_id;
} reqinfo_t;
provider myprov {
	probe go(struct req *r) : (reqinfo_t *r);
};
