/* a struct larger than a variable holds (8192 bytes) */
struct big { char c[8193]; };
BEGIN { self->t = *(struct big *)arg0; }
