# exit() is acted on within milliseconds, not after a poll interval.
start=$(date +%s%N)
$DTRACE -q -n 'tick-20ms { exit(0); }'
ms=$(( ($(date +%s%N) - start) / 1000000 ))
[ $ms -lt 300 ] && echo "exit acted on promptly" || echo "exit took $ms ms"
