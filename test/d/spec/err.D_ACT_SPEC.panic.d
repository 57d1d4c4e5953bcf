/* panic( ) after speculate( ) breaks the speculation rule first */
#pragma D option destructive
BEGIN { s = speculation(); speculate(s); printf("x"); panic(); }
