struct b { long w : 0; };
