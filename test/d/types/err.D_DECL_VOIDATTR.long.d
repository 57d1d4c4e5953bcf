/* void takes no long */
BEGIN { x = (long void *)0; }
