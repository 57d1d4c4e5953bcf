/* A pointer inline takes a pointer or 0, not another integer. */
inline int *where = 4096;
