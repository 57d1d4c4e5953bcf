struct b { int x : y; };
