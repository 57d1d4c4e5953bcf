/* an action is only a statement: indexed, it is nothing D can take */
BEGIN { x = trace(1)[0]; }
