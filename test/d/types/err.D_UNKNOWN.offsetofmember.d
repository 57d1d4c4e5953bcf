/* offsetof() of a member the struct lacks is D_UNKNOWN in DTrace */
struct rec { int a; int b; };
BEGIN { trace(offsetof(struct rec, NULL)); }
