BEGIN { printf(""); }
