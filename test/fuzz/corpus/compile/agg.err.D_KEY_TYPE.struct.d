BEGIN { @a[curthread->se] = count(); }
