struct a;
struct b { struct a x; };
