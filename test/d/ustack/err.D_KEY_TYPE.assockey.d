/* a user stack is of dynamic type: no associative array key, even
   second */
BEGIN { a[1, ustack()] = 1; }
