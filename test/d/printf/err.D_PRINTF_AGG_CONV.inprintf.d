/* %@ is printa( )'s alone */
BEGIN { printf("%@d\n", 1); }
