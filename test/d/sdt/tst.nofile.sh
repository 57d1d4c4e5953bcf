# Probes that take descriptors each (sched's 25-odd tracepoints, a perf
# event and a link apiece) are enabled under a soft limit of 64 open
# files: dtrace raises its own soft limit to the hard one.  The -c
# command keeps the limit it was given.
echo 'ulimit -Sn' >$TMPDIR/dt-nofile.sh
ulimit -Sn 64
$DTRACE -q -c "sh $TMPDIR/dt-nofile.sh" -n 'sdt:sched:: { n++; }
END { printf("fired: %s\n", n > 0 ? "yes" : "no"); }'
echo "exit $?"
rm -f $TMPDIR/dt-nofile.sh
