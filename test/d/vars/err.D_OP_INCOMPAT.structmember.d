/* a struct member takes a value of its own struct type */
struct pt { int x, y; };
struct seg { struct pt a; int id; };
struct seg S;
BEGIN { S.a = S; }
