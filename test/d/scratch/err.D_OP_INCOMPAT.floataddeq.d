/* A double in memory is written by = only: += is arithmetic. */
struct s { double d; }; double g; BEGIN { this->s = (struct s *)alloca(sizeof (struct s)); this->s->d += g; }
