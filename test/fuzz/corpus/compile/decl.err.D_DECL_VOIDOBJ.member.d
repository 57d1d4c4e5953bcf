struct b { void v; };
