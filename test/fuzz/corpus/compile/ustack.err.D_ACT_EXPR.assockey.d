BEGIN { a[ustack()] = 1; }
