# Globs in descriptions; syscall:::entry is one program for every call.
$DTRACE -l -n 'syscall::open*:entry' | awk 'NR > 1 { print $2, $3, $5 }' | sort -u
$DTRACE -l -n 'syscall:::' | awk 'NR > 1 { n[$5]++ } END { print (n["entry"] > 300), (n["entry"] == n["return"]) }'
# (a -c command is traced from its entry point: cat's own calls, not
# its loader's)
$DTRACE -q -c '/bin/cat /dev/null' -n 'syscall:::entry /pid == $target/ { n++; } END { printf("%d\n", n > 10); }'
