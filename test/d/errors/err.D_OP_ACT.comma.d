/* an action is no operand of the comma operator */
BEGIN { x = (1, exit(0)); }
