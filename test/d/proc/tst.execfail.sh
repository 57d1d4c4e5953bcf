# proc:::exec before each exec with the path in args[0] (a string),
# exec-failure with what execve returned in args[0] and arg0, the
# negated errno (-ENOENT, -EACCES: DTrace for Linux's value), in the
# child that failed to exec; exec-success after the exec that works.  The
# -c process's own exec() (by dtrace's forked child) comes before
# tracing starts: neither exec nor exec-success for it, as in DTrace.
printf '/nonexistent/cmd\n%s/dt-noexec\n/bin/true\n' $TMPDIR >$TMPDIR/dt-ef.sh
printf '#!/bin/sh\n' >$TMPDIR/dt-noexec
chmod 644 $TMPDIR/dt-noexec
$DTRACE -q -c "/bin/sh $TMPDIR/dt-ef.sh" \
    -n 'proc:::exec /progenyof($target)/ { printf("exec %s %s %d\n", execname, basename(args[0]), arg0 != 0); }' \
    -n 'proc:::exec-failure /progenyof($target)/ { printf("failure %s %d %d\n", execname, args[0], arg0); }' \
    -n 'proc:::exec-success /progenyof($target)/ { printf("success %s\n", execname); }' 2>/dev/null
echo "rc=$?"
rm -f $TMPDIR/dt-ef.sh $TMPDIR/dt-noexec
