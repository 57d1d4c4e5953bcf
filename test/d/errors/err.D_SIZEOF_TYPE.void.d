BEGIN { trace(sizeof (void)); }
