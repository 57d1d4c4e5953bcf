struct a { int x; };
struct b { int x; };
struct a v;
BEGIN { this->p = (struct b *)alloca(sizeof (struct b)); v = *this->p; }
