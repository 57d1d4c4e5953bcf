BEGIN { @a[1] = count(); @a[stack()] = count(); }
