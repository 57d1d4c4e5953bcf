BEGIN { @a = count(); printa("%@d %@d\n", @a); }
