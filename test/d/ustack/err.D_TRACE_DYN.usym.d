BEGIN { trace(usym(0)); }
