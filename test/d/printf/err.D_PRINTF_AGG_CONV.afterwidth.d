/* %@ is printa( )'s alone, after a width as before it */
BEGIN { printf("%8@d\n", 1); }
