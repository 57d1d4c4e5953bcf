# dtrace -l -P proc: the proc probes this kernel's tracepoints give.
$DTRACE -l -P proc | awk '{ print $2, $3, $4, $5 }'
