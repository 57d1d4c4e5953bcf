/* an action on the right of *= */
BEGIN { x = 2; x *= trace(1); }
