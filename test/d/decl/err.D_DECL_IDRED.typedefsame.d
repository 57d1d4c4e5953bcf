/* A typedef name declared again, even for the same type, is D_DECL_IDRED. */
typedef long sametype_t;
typedef long sametype_t;
