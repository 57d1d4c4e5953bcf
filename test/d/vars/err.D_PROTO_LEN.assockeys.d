BEGIN { a[1, 2] = 1; trace(a[1]); }
