/* A double in memory is written by = only: += wants an integer or a
   pointer of known size on its left (DTrace's D_OP_VFPTR). */
struct s { double d; }; double g; BEGIN { this->s = (struct s *)alloca(sizeof (struct s)); this->s->d += g; }
