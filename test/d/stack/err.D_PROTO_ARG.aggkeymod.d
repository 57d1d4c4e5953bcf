BEGIN { @a[mod(1)] = count(); @a[1] = count(); }
