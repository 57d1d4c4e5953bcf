# Drop reports: "N dynamic variable drop" for one, "drops" for more; with
# -x droptags each begins with its DTRACEDROP_* tag in brackets, as
# DTrace's does.  A map of dynvarsize=64 holds 4 elements of a[int] = int.
$DTRACE -q -x dynvarsize=64 -n 'BEGIN { a[1] = 1; a[2] = 2; a[3] = 3; a[4] = 4; a[5] = 5; exit(0); }' 2>&1
$DTRACE -q -x droptags -x dynvarsize=64 -n 'BEGIN { a[1] = 1; a[2] = 2; a[3] = 3; a[4] = 4; a[5] = 5; exit(0); }' 2>&1
$DTRACE -q -x droptags -x dynvarsize=64 -n 'BEGIN { a[1] = 1; a[2] = 2; a[3] = 3; a[4] = 4; a[5] = 5; a[6] = 6; a[7] = 7; exit(0); }' 2>&1
$DTRACE -q -x droptags -n 'BEGIN { s = speculation(); t = speculation(); exit(0); }' 2>&1
