/* A struct inline is a value of its own struct type only. */
struct a { int x; };
struct b { int x; };
struct b bv;
inline struct a av = bv;
