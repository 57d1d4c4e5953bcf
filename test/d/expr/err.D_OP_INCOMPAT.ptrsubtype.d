/* pointers subtract only of one type: int * and char * differ */
BEGIN { x = (int *)8 - (char *)0; }
