/* The version of #pragma D binding is a string in double quotes. */
#pragma D binding 1.0 limit
inline int limit = 3;
BEGIN { exit(0); }
