/* An integer cast to a struct type is no identity either. */
struct a { int x; };
BEGIN { trace(((struct a)1).x); }
