# The dynamic variable pool holds dynvarsize bytes of elements (20 for
# a[int] = int, as DTrace for Linux counts them: a tuple of 16 bytes, an
# int of 4; 40 bytes hold two): a store beyond is counted and reported,
# never silent, and ends its clause, as in DTrace for Linux: the rest of
# the clause, and what it recorded, is not done; later clauses run.
$DTRACE -q -x dynvarsize=40 -n 'BEGIN { a[1] = 1; a[2] = 2; a[3] = 3; printf("not reached\n"); }' \
    -n 'BEGIN { printf("%d %d %d\n", a[1], a[2], a[3]); exit(0); }' 2>&1
# the reference's case: 14 stores into 256 bytes (12 elements), 1 drop
$DTRACE -q -x dynvarsize=256 -n 'BEGIN { a[1] = 1; a[2] = 2; a[3] = 3; a[4] = 4; a[5] = 5; a[6] = 6; a[7] = 7;
    a[8] = 8; a[9] = 9; a[10] = 10; a[11] = 11; a[12] = 12; a[13] = 13; a[14] = 14; }' \
    -n 'BEGIN { printf("%d %d %d\n", a[4], a[5], a[14]); exit(0); }' 2>&1
