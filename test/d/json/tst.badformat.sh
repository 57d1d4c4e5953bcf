# oformat takes text or json; anything else is refused before tracing.
$DTRACE -x oformat=xml -n 'BEGIN { exit(0); }' 2>&1
echo "exit status $?"
$DTRACE -q -x oformat=text -n 'BEGIN { trace(1); exit(0); }'
