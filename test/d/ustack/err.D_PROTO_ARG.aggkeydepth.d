BEGIN { @[ustack(2)] = count(); @[ustack(3)] = count(); }
