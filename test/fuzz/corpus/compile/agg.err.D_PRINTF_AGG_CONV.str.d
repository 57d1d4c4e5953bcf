BEGIN { @a = count(); printa("%@s\n", @a); }
