/* char takes no short */
BEGIN { x = (short char)1; }
