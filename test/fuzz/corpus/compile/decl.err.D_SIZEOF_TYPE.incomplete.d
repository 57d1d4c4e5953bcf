struct q;
BEGIN { trace(sizeof (struct q)); }
