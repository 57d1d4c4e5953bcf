/* an integer other than 0 (NULL) is not a string */
BEGIN { trace(strjoin("a", 8)); }
