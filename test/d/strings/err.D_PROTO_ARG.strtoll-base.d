BEGIN { trace(strtoll("1", "2")); }
