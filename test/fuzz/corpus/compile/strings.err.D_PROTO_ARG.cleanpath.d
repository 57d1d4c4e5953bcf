BEGIN { trace(cleanpath(1)); }
