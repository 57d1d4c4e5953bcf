# walltimestamp is the time of day in nanoseconds: within 5 s of date(1).
s=$(date +%s)
w=$($DTRACE -q -n 'BEGIN { printf("%d\n", walltimestamp / 1000000000); exit(0); }')
e=$(date +%s)
if [ "$w" -ge $((s - 5)) ] && [ "$w" -le $((e + 5)) ]; then
	echo ok
else
	echo "walltimestamp $w s, date $s..$e s"
fi
