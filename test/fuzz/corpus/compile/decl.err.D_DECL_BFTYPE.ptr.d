struct b { char *c : 3; };
