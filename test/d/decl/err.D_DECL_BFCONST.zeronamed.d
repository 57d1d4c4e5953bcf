/* A named bit-field has a positive width: 0 is for unnamed ones only. */
struct b { long w : 0; };
