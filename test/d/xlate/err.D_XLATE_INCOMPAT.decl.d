/* A member's expression must suit the member: a string member cannot be
   an integer (checked at the declaration). */
struct in { int i_v; };
struct out { string o_s; };

translator struct out < struct in *p > {
	o_s = p->i_v;
};
