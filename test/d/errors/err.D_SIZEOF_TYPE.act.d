/* sizeof an action: of type void */
BEGIN { x = sizeof (trace(1)); }
