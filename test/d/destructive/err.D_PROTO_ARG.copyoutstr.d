/* copyoutstr( ) copies a string: its first argument is one */
BEGIN { copyoutstr(1, 2, 3); }
