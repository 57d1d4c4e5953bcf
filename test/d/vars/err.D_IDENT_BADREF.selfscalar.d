/* self->x is a scalar, then indexed as an associative array */
BEGIN { self->x = 1; self->x[1] = 2; }
