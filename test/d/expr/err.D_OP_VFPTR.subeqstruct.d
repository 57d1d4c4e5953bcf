/* a struct variable on the left of -=: no scalar of known size */
struct s { int a; };
struct s v;
BEGIN { v -= 1; }
