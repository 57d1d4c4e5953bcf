# -l prints DTrace's listing format (shared/reference/list.out).
$DTRACE -l -n BEGIN -n 'syscall::getpid:' | sed -E 's/^ *[0-9]+ /   ID /'
$DTRACE -l | awk 'NR > 1 { p[$2]++ } END { for (k in p) print k }' | sort
