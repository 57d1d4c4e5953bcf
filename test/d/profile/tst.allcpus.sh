# profile-997 fires on every CPU; tick-N on one.  Each CPU is kept busy:
# this kernel delivers CPU-clock samples on an idle CPU only rarely (seen:
# ~1 a second on CPU 1 while CPU 0 gets 997), for perf itself as for us.
n=$(nproc)
for ((c = 0; c < n; c++)); do
	taskset -c $c timeout 3 sh -c 'while :; do :; done' &
done
sleep 0.2
$DTRACE -q -n 'profile-997 { printf("%d\n", cpu); } tick-1s { exit(0); }' | grep -E '^[0-9]+$' | sort | uniq -c |
    awk -v n=$n '$1 > 500 { c++ } END { print (c == n) ? "profile fired on every CPU" : "profile fired often on " c " of " n " CPUs" }'
$DTRACE -q -n 'tick-10ms { printf("%d\n", cpu); } tick-300ms { exit(0); }' | grep -E '^[0-9]+$' | sort -u | wc -l
kill $(jobs -p) 2>/dev/null
wait 2>/dev/null
