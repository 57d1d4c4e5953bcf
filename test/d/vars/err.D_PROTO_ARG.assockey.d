BEGIN { a["x"] = 1; trace(a[1]); }
