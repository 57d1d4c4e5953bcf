# fbt on a kernel without fentry/fexit and kprobes: not listed, and a
# description naming it is refused with the reason (the qemu lane runs
# fbt where it exists and leaves this test out)
$DTRACE -l | awk '$2 == "fbt"' | head -3
$DTRACE -l -P fbt 2>&1 | sed 's/: this kernel refuses.*/: .../'
$DTRACE -n 'fbt:::entry { @ = count(); }' 2>&1 | head -1 |
    sed 's/: this kernel refuses.*/: .../'
# the reason itself, for the record: both mechanisms named
$DTRACE -n 'fbt::vfs_read:return' 2>&1 | grep -c 'tracing programs.*kprobe PMU'
# on kprobes alone (-x fbtkprobe): absent all the same
$DTRACE -x fbtkprobe -n 'fbt::vfs_read:entry' 2>&1 | grep -c 'cannot provide'
# option fbtmaxtramp: absent all the same under it; a value that is not
# a number is refused
$DTRACE -x fbtmaxtramp=1 -n 'fbt::vfs_read:entry' 2>&1 | grep -c 'cannot provide'
$DTRACE -x fbtmaxtramp=many -n 'BEGIN { exit(0); }' 2>&1 | head -1
