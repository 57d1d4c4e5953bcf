/* -> after an action */
BEGIN { x = trace(1)->pid; }
