# profile-997 fires on every CPU; tick-N on one.
$DTRACE -q -n 'profile-997 { printf("%d\n", cpu); } tick-300ms { exit(0); }' | grep -E '^[0-9]+$' | sort -u | wc -l | grep -qx "$(nproc)" && echo "profile fired on all $(nproc) CPUs" | sed 's/all [0-9]* /all /'
$DTRACE -q -n 'tick-10ms { printf("%d\n", cpu); } tick-300ms { exit(0); }' | grep -E '^[0-9]+$' | sort -u | wc -l
