/* a pointer to int is not a string (a pointer to char is) */
BEGIN { trace(strlen((int *)&curthread->comm[0])); }
