struct b { int x[]; };
