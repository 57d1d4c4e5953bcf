/* D variables have no address, nor have their parts */
struct s { int x; };
struct s g;
BEGIN { trace(&g.x); }
