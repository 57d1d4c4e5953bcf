/* print() of a void pointer: what it points to has no size to show */
BEGIN { print((void *)0x1000); }
