# errno on system call returns: the error of a failed call, 0 otherwise;
# by event (one probe) and raw (every call).
$DTRACE -q -c 'cat /nonexistent/file' -n 'syscall::openat:return /pid == $target/ { printf("%d %d\n", errno, arg0 < 0); }' 2>/dev/null | sort -u
$DTRACE -q -c 'cat /nonexistent/file' -n 'syscall:::return /pid == $target && probefunc == "openat" && errno != 0/ { printf("%s %d\n", probefunc, errno); }' 2>/dev/null | sort -u
$DTRACE -q -n 'BEGIN { printf("%d\n", errno); exit(0); }'
