# Every unit DTrace accepts makes a probe; a bad one matches nothing,
# and so does a period under 200 us (over 5000 hz), which DTrace does
# not create: tick-199us, tick-199999ns, tick-5001, profile-5001hz.
for p in 200000ns 200000nsec 200us 200usec 5ms 5msec 5s 5sec 5m 5min 5h \
    5hour 5d 5day 5hz 5 5000 5000hz; do
	$DTRACE -l -n "tick-$p" | tail -1 | awk '{ print $NF }'
done
for p in tick-199us tick-199999ns tick-5001 profile-5001hz profile-5furlongs; do
	$DTRACE -l -n "$p" 2>&1 | sed -n 2p
done
