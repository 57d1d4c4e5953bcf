/* . after an action */
BEGIN { x = printf("x").pid; }
