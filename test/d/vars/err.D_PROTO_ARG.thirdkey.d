/* the third key of an array of three keys given as a string */
BEGIN { t[1, 2, 3] = 1; t[1, 2, "x"] = 2; }
