struct b { char x[1000000][1000000]; };
