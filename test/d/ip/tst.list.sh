# dtrace -l -P ip: send and receive, on the device layer's tracepoints.
$DTRACE -l -P ip | awk '{ print $2, $3, $4, $5 }'
