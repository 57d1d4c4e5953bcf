BEGIN { @a = count(); }
END { trace(@a); }
