/* ~ of an action: not an integer */
BEGIN { x = ~trace(1); }
