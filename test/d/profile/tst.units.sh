# Every unit DTrace accepts makes a probe; a bad one matches nothing.
for u in ns nsec us usec ms msec s sec m min h hour d day hz ''; do
	$DTRACE -l -n "tick-5$u" | tail -1 | awk '{ print $NF }'
done
$DTRACE -l -n 'profile-5furlongs' 2>&1 | head -1
