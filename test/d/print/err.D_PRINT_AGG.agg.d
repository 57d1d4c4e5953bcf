BEGIN { @a = count(); }
END { print(@a); }
