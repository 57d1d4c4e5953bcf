# bufresize=auto: a principal buffer made smaller than bufsize asks (here
# above the 2g a ring buffer can be) is halved as DTrace halves it, from
# the size asked (100t: 16 times, 1600m; 3g: once, 1536m), and reported
# as DTrace reports it, in the largest unit that divides the size; one
# made at its size is not.
$DTRACE -q -x bufsize=100t -n 'BEGIN { printf("ran\n"); exit(0); }' 2>&1
$DTRACE -q -x bufsize=3g -n 'BEGIN { printf("ran\n"); exit(0); }' 2>&1
$DTRACE -q -x bufsize=1m -n 'BEGIN { printf("ran\n"); exit(0); }' 2>&1
