BEGIN { x = (unsigned void *)0; }
