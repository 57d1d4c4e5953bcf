# A dynamic variable's element costs its key (every string at strsize),
# its value and the 48 bytes of a DTrace element's bookkeeping: 100 bytes
# hold one a[int] = int, so of 10 firings storing a new element each, 9
# drop (DTrace's own check); with strsize 1024 a string key costs 1024,
# so 512 bytes hold just the first element (a map holds at least one) and
# the second store drops and ends the clause.
$DTRACE -q -x dynvarsize=100 -n 'tick-1ms /n++ < 10/ { a[n] = 1; }' -n 'tick-1ms /n == 10/ { printf("%d %d\n", a[1], a[2]); exit(0); }' 2>&1
$DTRACE -q -x strsize=1024 -x dynvarsize=512 -x droptags -n 'BEGIN { a["Harding"] = 1; a["Hoover"] = 2; a["Nixon"] = 3; }' -n 'BEGIN { printf("%d %d %d\n", a["Harding"], a["Hoover"], a["Nixon"]); exit(0); }' 2>&1
