/* the second key of three: a string where an integer was */
BEGIN { @a[1, 2, "x"] = sum(1); @a[1, "y", "x"] = sum(2); }
