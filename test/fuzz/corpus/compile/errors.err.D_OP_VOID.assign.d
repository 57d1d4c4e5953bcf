BEGIN { x = (void)0; }
