BEGIN { @a = count(); clear(); }
