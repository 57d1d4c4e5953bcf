/* and of an associative array */
BEGIN { flags["x"] |= 4; }
