BEGIN { self->a[1] = 5; }
