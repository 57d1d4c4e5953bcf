# progenyof(): the current process or one of its ancestors.  In BEGIN the
# current process is dtrace itself; under -c, the children of the traced
# shell are its progeny and dtrace is not.
$DTRACE -q -n 'BEGIN { printf("%d %d %d %d %d %d\n", progenyof($pid), progenyof($ppid), progenyof(1), progenyof(0), progenyof(2147483647), progenyof(-1)); exit(0); }'
$DTRACE -q -c 'sh -c /bin/true;/bin/true;/bin/true' -n '
BEGIN { mine = progenyof($target); }
syscall::execve:entry /progenyof($target) && pid != $target/ { kids++; }
syscall::execve:entry /!progenyof($target) && pid == $target/ { wrong++; }
END { printf("%d %d %d\n", mine, kids >= 2, wrong); }'
