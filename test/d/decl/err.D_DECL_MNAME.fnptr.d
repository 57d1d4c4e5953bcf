/* A pointer-to-function member needs a name too. */
struct ops { int (*)(int); };
