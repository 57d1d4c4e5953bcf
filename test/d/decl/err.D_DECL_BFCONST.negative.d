/* A bit-field width is a positive constant. */
struct b { int n : -2; };
