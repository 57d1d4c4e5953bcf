# tick-100ms five times: about half a second, then exit.
start=$(date +%s%N)
$DTRACE -n 'tick-100ms { n++; } tick-100ms /n == 5/ { exit(0); }' 2>/dev/null
echo "rc=$?"
ms=$(( ($(date +%s%N) - start) / 1000000 ))
[ $ms -ge 450 ] && [ $ms -lt 1500 ] && echo "took about half a second" || echo "took $ms ms"
