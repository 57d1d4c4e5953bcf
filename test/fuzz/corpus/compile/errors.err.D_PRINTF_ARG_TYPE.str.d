BEGIN { printf("%d\n", "string"); }
