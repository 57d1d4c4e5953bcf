/* * takes arithmetic operands */
BEGIN { x = 3 * exit(0); }
