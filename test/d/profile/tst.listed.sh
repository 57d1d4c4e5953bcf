# dtrace -l lists the profile probes DTrace lists before any is named, in
# its order; others (tick-1sec, profile-99) are made when named.
$DTRACE -lP profile | awk 'NR > 1 { print $NF }'
$DTRACE -l -n 'profile:::tick-1sec' -n 'profile-99' | awk 'NR > 1 { print $NF }'
