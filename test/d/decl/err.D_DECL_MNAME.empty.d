struct b { };
