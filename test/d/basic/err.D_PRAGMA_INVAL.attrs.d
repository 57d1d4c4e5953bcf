/* Attributes are name/data/class stability: Sturdy is no stability. */
inline int limit = 3;
#pragma D attributes Sturdy/Stable/Common limit
BEGIN { exit(0); }
