/* unary - of an action: not arithmetic */
BEGIN { x = 1 + -printf("a"); }
