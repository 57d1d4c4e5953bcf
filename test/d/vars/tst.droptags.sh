# Drop reports: "N dynamic variable drop" for one, "drops" for more; with
# -x droptags each begins with its DTRACEDROP_* tag in brackets, as
# DTrace's does.  dynvarsize=32 holds 1 element of a[int] = int (20
# bytes each: a tuple of 16, an int of 4; 28 when the key is the long
# i, as in the third); a store beyond is a drop that ends its clause, so
# each firing drops at most once: a[1] is kept, a[2] to a[5] are 4
# drops.
$DTRACE -q -x dynvarsize=32 -n 'BEGIN { a[1] = 1; a[2] = 2; a[3] = 3; a[4] = 4; }' -n 'BEGIN { exit(0); }' 2>&1
$DTRACE -q -x droptags -x dynvarsize=32 -n 'BEGIN { a[1] = 1; a[2] = 2; a[3] = 3; }' -n 'BEGIN { exit(0); }' 2>&1
$DTRACE -q -x droptags -x dynvarsize=32 -n 'tick-1ms { a[++i] = i; }' -n 'tick-1ms /i == 5/ { exit(0); }' 2>&1
$DTRACE -q -x droptags -n 'BEGIN { s = speculation(); t = speculation(); exit(0); }' 2>&1
