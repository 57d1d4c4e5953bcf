/* stack() has a value only as a key */
BEGIN { trace(stack()); }
