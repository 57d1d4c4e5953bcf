/* self->a is declared with an integer key, used with a string */
self int a[int];
BEGIN { self->a["s"] = 1; }
