/* an action given to a subroutine: its prototype is checked first, as in DTrace */
BEGIN { x = htons(trace(1)); }
