struct b { int x; long x; };
