BEGIN { s = "a"; trace(s * 2); }
