# sdt probes take the fields of the event's record as arguments, typed
# from tracefs's format: a __data_loc string (sched_process_exec's
# filename), integers with their sign (signal_generate's si_code is
# SI_TKILL, -6, for raise(3)), a char array (comm) as a string.  Exact
# counts: five executions of /bin/true by the -c shell.  The -c
# command's own exec() comes before tracing (held at its entry point, as
# DTrace holds it): env executes sigtarget under the same pid.
S=$BUILD_DIR/testprog/sigtarget
$DTRACE -q -c "/usr/bin/env $S self" -n 'sdt:sched::sched_process_exec /args[1] == $target/ {
	printf("exec %s %d %d\n", basename(args[0]), args[1] == $target,
	    args[2] == $target);
}' -n 'sdt:signal::signal_generate /args[4] == $target/ {
	printf("signal %d errno %d code %d comm %s group %d result %d\n",
	    args[0], args[1], args[2], args[3], args[5], args[6]);
}' | grep -v "^sigtarget: "
echo "rc=${PIPESTATUS[0]}"
cat >$TMPDIR/dt-sdt.sh <<'SH'
for i in 1 2 3 4 5; do /bin/true; done
SH
$DTRACE -q -c "sh $TMPDIR/dt-sdt.sh" -n 'sdt:sched::sched_process_exec
/progenyof($target) && args[0] == "/bin/true"/ { @execs = count(); }
END { printa("execs %@d\n", @execs); }'
rm -f $TMPDIR/dt-sdt.sh
