BEGIN { printf("%k", 1); }
