/* long short names no type */
BEGIN { x = (long short int)1; }
