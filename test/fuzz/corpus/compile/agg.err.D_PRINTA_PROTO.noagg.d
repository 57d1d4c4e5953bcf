BEGIN { printa("%@d\n"); }
