BEGIN { trace(substr("abc")); }
