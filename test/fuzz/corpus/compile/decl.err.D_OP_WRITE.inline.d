inline int N = 1;
BEGIN { N = 2; }
