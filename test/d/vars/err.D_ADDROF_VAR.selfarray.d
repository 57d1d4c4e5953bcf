/* A self-> array comes and goes with its thread: it has no pointer. */
self int s[3];
int *p;
BEGIN { self->s[0] = 1; p = self->s; }
