/* stack() is no operand of ?: */
BEGIN { x = 1 ? stack() : 2; }
