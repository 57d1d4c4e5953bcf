/* self->a holds ints (its first assignment), then a string is stored */
BEGIN { self->a[1] = 1; self->a[2] = "s"; }
