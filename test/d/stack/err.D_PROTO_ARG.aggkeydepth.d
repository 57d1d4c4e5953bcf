BEGIN { @a[stack()] = count(); @a[stack(3)] = count(); }
