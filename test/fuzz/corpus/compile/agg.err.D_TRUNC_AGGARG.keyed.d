BEGIN { @a[1] = count(); trunc(@a[1]); }
