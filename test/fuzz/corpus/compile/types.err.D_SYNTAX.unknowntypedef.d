BEGIN { trace((no_such_t)arg0); }
