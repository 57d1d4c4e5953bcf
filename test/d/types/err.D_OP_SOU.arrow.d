/* -> needs a pointer to a struct or union */
BEGIN { p = (int *)alloca(4); trace(p->x); }
