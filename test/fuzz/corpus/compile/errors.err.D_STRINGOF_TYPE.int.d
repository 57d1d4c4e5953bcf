BEGIN { trace(stringof(1)); }
