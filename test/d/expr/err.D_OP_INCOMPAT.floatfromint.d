/* An integer is not assigned to a double. */
double d; BEGIN { d = 1; }
