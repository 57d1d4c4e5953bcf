# Threads cannot be created: detaching closes the attachments from a
# pool of threads (probes/dt_probe.c); with a stack limit of 64 TiB (a
# thread's stack is that size) every pthread_create() fails: the mmap
# of its stack is refused (the fault was found under a 16 MB address
# space limit, which fails the same call; a sanitizer build, whose
# shadow memory needs terabytes of address space, cannot run under that
# one).  dtrace must not crash (it ran closers it had never set up,
# SIGSEGV): it closes them itself, runs END, exits 0 and leaves nothing
# in the kernel.  Stopped by exit(), then by the end of its -c process.
. ./common.sh
probes='syscall::exit_group:entry,syscall::getppid:entry,syscall::getuid:entry
    /pid == $target/ { @["exit_group"] = count(); }'
nostack=70368744177664
prlimit --stack=$nostack $DTRACE -q -n "$probes"'
    tick-500ms { exit(0); } END { printf("END ran\n"); }' -c 'sleep 5' \
    >$TMPDIR/nt.out 2>&1 &
dt=$!
wait_objs $dt 1 || echo "tracing did not start"
objs=$(held_objs $dt)
wait $dt
echo "exit(): exit $?"
cat $TMPDIR/nt.out
objs_gone "$objs" && echo "nothing left"
prlimit --stack=$nostack $DTRACE -q -n "$probes" -c 'sleep 0.2' 2>&1
echo "-c: exit $?"
# the threads were refused: no clone of a thread, a refused stack
prlimit --stack=$nostack strace -f -e trace=clone,clone3,mmap \
    -o $TMPDIR/nt.st $DTRACE -q -n "$probes" -c 'sleep 0.2' >/dev/null 2>&1
echo "threads made: $(grep -c CLONE_THREAD $TMPDIR/nt.st)"
grep -q 'mmap(.*ENOMEM' $TMPDIR/nt.st && echo "a stack refused"
rm -f $TMPDIR/nt.out $TMPDIR/nt.st
