/* A module's types in a declaration outside clauses: an error (this dereferenced
   a NULL clause). */
struct nosuchmod`foo *p;
BEGIN { exit(0); }
