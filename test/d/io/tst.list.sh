# dtrace -l -P io: start and done;
# wait-start and wait-done have no tracepoint here: not listed, and
# naming one is refused with the reason.
$DTRACE -l -P io | awk '{ print $2, $3, $4, $5 }'
$DTRACE -l -n io:::wait-start 2>&1
echo "rc=$?"
$DTRACE -Z -n 'io:::wait-done { exit(0); }' 2>&1
echo "rc=$?"
