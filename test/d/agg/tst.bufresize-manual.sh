# bufresize=manual takes aggsize and dynvarsize as asked or not at all: a
# size holding more entries than a variable map is made for (2^24) is
# refused when tracing would start, as DTrace refuses a size it cannot
# have then; bufresize=auto (the default) halves it until it holds no
# more and warns, as DTrace does: an @a[probeprov] entry costs 264 bytes
# (the string at strsize 256, the count 8), so 100t is halved 15 times,
# to 3200m (2^24 * 264 = 4224m).
$DTRACE -q -x bufresize=manual -x aggsize=100t -n 'BEGIN { @a[probeprov] = count(); exit(0); }' 2>&1; echo "rc=$?"
$DTRACE -q -x bufresize=manual -x dynvarsize=100t -n 'BEGIN { a[1] = 1; exit(0); }' 2>&1; echo "rc=$?"
$DTRACE -q -x aggsize=100t -n 'BEGIN { @a[probeprov] = count(); exit(0); }' 2>&1; echo "rc=$?"
$DTRACE -q -x bufresize=manual -x aggsize=1m -n 'BEGIN { @a[1] = count(); exit(0); }' 2>&1; echo "rc=$?"
