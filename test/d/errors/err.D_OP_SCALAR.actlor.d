/* || (and &&, ^^) take scalars */
BEGIN { x = 1 || trace(2); }
