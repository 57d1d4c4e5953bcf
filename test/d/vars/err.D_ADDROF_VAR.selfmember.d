/* a part of a thread-local variable comes and goes: it has no address */
struct s { int x; };
self struct s t;
BEGIN { trace(&self->t.x); }
