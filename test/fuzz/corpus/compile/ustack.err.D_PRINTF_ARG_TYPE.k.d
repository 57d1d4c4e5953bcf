BEGIN { @[1] = count(); printa("%k %@d\n", @); }
