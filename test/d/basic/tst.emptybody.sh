# A clause with an empty body and one with no body at all both take
# DTrace's default action: a line for each firing.
$DTRACE -n 'BEGIN { }' -n 'BEGIN' -n 'BEGIN { exit(0); }' 2>/dev/null
echo "rc=$?"
