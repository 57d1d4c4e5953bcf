/* += of a pointer of another type */
BEGIN { p = (int *)0; p += (char *)0; }
