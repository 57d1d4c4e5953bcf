# Every element of the dynamic variable pool costs the program's largest
# tuple and largest value, as DTrace for Linux counts them.  DTrace's own
# check: a[n] = 1 with n a long (made by n++) costs a tuple of 4 + 4 of
# alignment + 8 + 8 = 24 bytes and an int of 4: 100 bytes hold 3, so of
# 10 firings storing a new element each, 7 drop.  With strsize 1024 a
# string key costs 1025 bytes (4 + 1025 + 8 + 4 = 1041 an element): 2100
# bytes hold two, and the third store drops and ends the clause.
$DTRACE -q -x dynvarsize=100 -n 'tick-1ms /n++ < 10/ { a[n] = 1; }' -n 'tick-1ms /n == 10/ { printf("%d %d\n", a[3], a[4]); exit(0); }' 2>&1
$DTRACE -q -x strsize=1024 -x dynvarsize=2100 -x droptags -n 'BEGIN { a["Harding"] = 1; a["Hoover"] = 2; a["Nixon"] = 3; }' -n 'BEGIN { printf("%d %d %d\n", a["Harding"], a["Hoover"], a["Nixon"]); exit(0); }' 2>&1
