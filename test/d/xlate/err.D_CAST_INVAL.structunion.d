/* A union is not the struct of its members' layout. */
struct a { int x; };
union b { int x; };
struct a v;
BEGIN { trace(((union b)v).x); }
