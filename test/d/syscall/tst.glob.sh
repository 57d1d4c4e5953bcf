# Globs in descriptions; syscall:::entry is one program for every call.
$DTRACE -l -n 'syscall::open*:entry' | awk 'NR > 1 { print $2, $3, $5 }' | sort -u
$DTRACE -l -n 'syscall:::' | awk 'NR > 1 { n[$5]++ } END { print (n["entry"] > 300), (n["entry"] == n["return"]) }'
$DTRACE -q -c '/bin/true' -n 'syscall:::entry /pid == $target/ { n++; } END { printf("%d\n", n > 10); }'
