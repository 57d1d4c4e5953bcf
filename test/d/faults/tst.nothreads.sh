# Threads cannot be created: detaching closes the attachments from a
# pool of threads (probes/dt_probe.c); under an address-space limit
# smaller than a thread's stack (whose size is the stack limit, 4 GB
# here) every pthread_create() fails.  dtrace must not crash (it ran
# closers it had never set up, SIGSEGV): it closes them itself, runs
# END, exits 0 and leaves nothing in the kernel.  Stopped by exit(),
# then by the end of its -c process, then under the 16 MB limit the
# fault was found with.
. ./common.sh
probes='syscall::exit_group:entry,syscall::getppid:entry,syscall::getuid:entry
    /pid == $target/ { @["exit_group"] = count(); }'
prlimit --stack=4294967296 --as=1073741824 $DTRACE -q -n "$probes"'
    tick-500ms { exit(0); } END { printf("END ran\n"); }' -c 'sleep 5' \
    >$TMPDIR/nt.out 2>&1 &
dt=$!
wait_objs $dt 1 || echo "tracing did not start"
objs=$(held_objs $dt)
wait $dt
echo "exit(): exit $?"
cat $TMPDIR/nt.out
objs_gone "$objs" && echo "nothing left"
prlimit --stack=4294967296 --as=1073741824 $DTRACE -q -n "$probes" \
    -c 'sleep 0.2' 2>&1
echo "-c: exit $?"
prlimit --as=16777216 $DTRACE -q -n "$probes"' tick-100ms { exit(0); }' \
    -c 'sleep 5' 2>&1
echo "16 MB: exit $?"
rm -f $TMPDIR/nt.out
