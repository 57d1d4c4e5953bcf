# A process that does not exist: a clear error, exit 1.
$DTRACE -n 'pid2147483647::dt_pt_add:entry { }' 2>&1 | head -1
echo "exit ${PIPESTATUS[0]}"
