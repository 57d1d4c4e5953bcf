# copyin() of a kernel struct type from user memory: sleep 0.25 passes
# clock_nanosleep(2) a struct __kernel_timespec of 0 s, 250000000 ns.
$DTRACE -q -o /tmp/dt-cpstruct.out -c 'sleep 0.25' \
    -n 'syscall::clock_nanosleep:entry /pid == $target/ {
	this->ts = (struct __kernel_timespec *)copyin(arg2, sizeof (struct __kernel_timespec));
	printf("%d %d\n", this->ts->tv_sec, this->ts->tv_nsec);
	printf("%d\n", ((struct __kernel_timespec *)copyin(arg2, sizeof (struct __kernel_timespec)))->tv_nsec / 1000);
    }' >/dev/null 2>/tmp/dt-cpstruct.err
echo "rc=$?"
cat /tmp/dt-cpstruct.out /tmp/dt-cpstruct.err
rm -f /tmp/dt-cpstruct.out /tmp/dt-cpstruct.err
