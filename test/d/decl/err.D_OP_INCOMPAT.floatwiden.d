/* A float does not become a double by assignment (a conversion is arithmetic). */
double d; float f; BEGIN { d = f; }
