/* self->a's key is a string, then an integer */
BEGIN { self->a["x"] = 1; trace(self->a[1]); }
