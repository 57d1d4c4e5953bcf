/* a string is made nothing but a string: (int)"abc" is D_CAST_INVAL */
BEGIN { x = (int)"abc"; }
