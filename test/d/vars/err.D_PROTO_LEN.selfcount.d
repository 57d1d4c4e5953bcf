/* self->a is used with two key components, then with one */
BEGIN { self->a[1, 2] = 1; trace(self->a[1]); }
