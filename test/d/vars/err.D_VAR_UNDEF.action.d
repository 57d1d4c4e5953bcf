/* the left operand is checked before the right (an action here) */
BEGIN { p -= trace(0); }
