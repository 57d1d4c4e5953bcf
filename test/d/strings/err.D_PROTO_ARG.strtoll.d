BEGIN { trace(strtoll(1)); }
