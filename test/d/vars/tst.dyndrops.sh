# A variable map holds dynvarsize bytes: stores beyond are counted and
# reported, never silent.
$DTRACE -q -x dynvarsize=64 -n 'BEGIN { a[1] = 1; a[2] = 2; a[3] = 3; a[4] = 4; a[5] = 5; a[6] = 6; a[7] = 7; a[8] = 8; a[9] = 9; a[10] = 10; printf("%d %d\n", a[1], a[10]); exit(0); }' 2>&1
