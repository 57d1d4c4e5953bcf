struct b { int x[0]; };
