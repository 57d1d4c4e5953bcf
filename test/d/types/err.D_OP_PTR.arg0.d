BEGIN { trace(arg0->x); }
