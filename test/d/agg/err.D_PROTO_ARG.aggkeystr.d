/* an integer key where the first use had a string */
BEGIN { @a[execname] = count(); @a[pid] = count(); }
