BEGIN { @[usym(0)] = count(); @[uaddr(0)] = count(); }
