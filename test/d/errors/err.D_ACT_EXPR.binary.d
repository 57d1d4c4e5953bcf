/* an action is no operand of + */
BEGIN { x = 1 + trace(1); }
