BEGIN { a[stack()] = 1; }
