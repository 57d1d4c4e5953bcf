# proc:::exit's args[0] is one of signal.d's SIGCHLD codes, by name:
# CLD_EXITED for exit(), CLD_KILLED for a killing signal, CLD_DUMPED for
# one that dumps core (a core is allowed and written in $TMPDIR); the
# other codes are named too (Linux's values: CLD_TRAPPED 4, CLD_STOPPED
# 5, CLD_CONTINUED 6).
prog='proc:::exit /pid == $target/ {
	printf("%s\n", args[0] == CLD_EXITED ? "exited" :
	    args[0] == CLD_KILLED ? "killed" :
	    args[0] == CLD_DUMPED ? "dumped" : "other");
}'
cd $TMPDIR || exit 1
for body in 'exit 7' 'kill -TERM $$' 'ulimit -c unlimited; kill -SEGV $$'; do
	echo "$body" >$TMPDIR/dt-exitr.sh
	$DTRACE -q -n "$prog" -c "sh $TMPDIR/dt-exitr.sh"
done
rm -f $TMPDIR/dt-exitr.sh $TMPDIR/core $TMPDIR/core.*
$DTRACE -q -n 'BEGIN { printf("%d %d %d %d %d %d\n", CLD_EXITED,
	CLD_KILLED, CLD_DUMPED, CLD_TRAPPED, CLD_STOPPED, CLD_CONTINUED);
	printf("%d %d %d %d\n", SEGV_MAPERR, SEGV_ACCERR, BUS_ADRALN,
	POLL_HUP); exit(0); }'
