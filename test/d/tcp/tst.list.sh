# dtrace -l -P tcp: the probes inet_sock_set_state gives; send, receive,
# connect-request, connect-refused and accept-refused have no tracepoint
# here, nor has udp any: naming them is refused with the reason (and
# -l prints nothing, not even its header, as DTrace for a description
# that does not compile).
$DTRACE -l -P tcp | awk '{ print $2, $3, $4, $5 }'
for d in tcp:::send tcp:::receive tcp:::connect-refused udp:::receive; do
	$DTRACE -l -n $d 2>&1 | sed -n 1p
done
$DTRACE -l -P udp 2>&1
echo "rc=$?"
