BEGIN { print((void)1); }
