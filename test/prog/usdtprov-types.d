/*
 * The types of usdtprov's provider (test/prog/usdtprov.d): the program's
 * struct req as D sees it, and reqinfo_t, what dtprov:::request-done's
 * args[0] is translated to.  The members are user memory: copyin().
 */
struct req {
	int rq_id;
	char *rq_path;
};

typedef struct reqinfo {
	int ri_id;
	uint64_t ri_path;
} reqinfo_t;

translator reqinfo_t < struct req *R > {
	ri_id = *(int *)copyin((uintptr_t)&R->rq_id, sizeof (int));
	ri_path = *(uint64_t *)copyin((uintptr_t)&R->rq_path,
	    sizeof (uint64_t));
};
