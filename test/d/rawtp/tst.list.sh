# dtrace -l -P rawtp: every tracepoint of tracefs but the syscalls group
# (ftrace's view of raw_syscalls), named rawtp:GROUP::NAME, read at once.
$DTRACE -l -P rawtp | awk 'NR > 1 { n++ } END { print (n > 100) }'
$DTRACE -l -P rawtp | awk 'NR > 1 && ($2 != "rawtp" || NF != 4) { print "bad:", $0 }'
$DTRACE -l -P rawtp | awk '$3 == "syscalls" || $3 == "raw_syscalls" { print $3, $4 }'
$DTRACE -l -n 'rawtp:sched::sched_process_e*' | awk 'NR > 1 { print $2, $3, $4 }'
$DTRACE -l -n 'sched_process_exit' | awk 'NR > 1 { print $2, $3, $4 }'
# a program that does not name rawtp does not read the tracepoint list
strace -f -e trace=openat -o $TMPDIR/dt-rawtp.trace $DTRACE -q -n 'syscall::getpid:entry { } BEGIN { exit(0); }' >/dev/null
grep -c available_events $TMPDIR/dt-rawtp.trace
strace -f -e trace=openat -o $TMPDIR/dt-rawtp.trace $DTRACE -q -n 'rawtp:sched::sched_switch { } BEGIN { exit(0); }' >/dev/null
grep -c available_events $TMPDIR/dt-rawtp.trace
rm -f $TMPDIR/dt-rawtp.trace
