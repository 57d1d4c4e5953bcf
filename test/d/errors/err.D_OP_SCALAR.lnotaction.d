/* ! of an action: not a scalar */
BEGIN { x = !trace(1); }
