/* self->a is an associative array, then read without a key */
BEGIN { self->a[1] = 1; trace(self->a); }
