/* a cast of an action to a type */
BEGIN { x = (long)trace(1); }
