/* A double does not become an integer by a cast. */
double d;
BEGIN { trace((int)d); }
