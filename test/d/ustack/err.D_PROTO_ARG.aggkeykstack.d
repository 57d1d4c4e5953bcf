BEGIN { @[ustack(2)] = count(); @[stack(2)] = count(); }
