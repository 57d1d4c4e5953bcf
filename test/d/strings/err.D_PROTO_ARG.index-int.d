/* index( ) searches for a string: any string expression, not an integer */
BEGIN { x = 1; trace(index("hello", x)); }
