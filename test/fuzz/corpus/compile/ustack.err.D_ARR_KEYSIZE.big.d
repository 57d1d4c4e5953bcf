BEGIN { @[ustack(64)] = count(); }
