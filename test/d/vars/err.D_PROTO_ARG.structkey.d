/* a key of another struct type than the first use's */
struct p { int x; };
struct q { int x; };
struct p P;
struct q Q;
BEGIN { k[P] = 1; k[Q] = 2; }
