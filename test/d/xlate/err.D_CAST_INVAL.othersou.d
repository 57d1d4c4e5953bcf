/* A struct cast to another struct of the same layout is no identity. */
struct a { int x; };
struct b { int x; };
struct a v;
BEGIN { trace(((struct b)v).x); }
