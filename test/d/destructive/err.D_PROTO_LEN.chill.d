/* chill( ) takes one integer: its prototype is checked before it is refused */
BEGIN { chill(); }
