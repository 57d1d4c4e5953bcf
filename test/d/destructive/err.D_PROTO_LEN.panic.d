/* panic( ) takes no argument: its prototype is checked before it is refused */
BEGIN { panic(1); }
