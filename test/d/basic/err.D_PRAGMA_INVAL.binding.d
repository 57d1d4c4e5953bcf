/* A version is MAJOR[.MINOR[.MICRO]]. */
#pragma D binding "1.x" limit
inline int limit = 3;
BEGIN { exit(0); }
