struct b { int x : 33; };
