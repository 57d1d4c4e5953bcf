/* a declaration names a D variable, not a kernel one */
long `mysym;
BEGIN { }
