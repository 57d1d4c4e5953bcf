/* %p converts a pointer or an integer, not a float. */
float f; BEGIN { printf("%p\n", f); }
