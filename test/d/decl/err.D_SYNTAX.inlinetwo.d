inline int a = 1, b = 2;
BEGIN { exit(0); }
