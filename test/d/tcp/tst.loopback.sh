# tcp:::state-change, connect-established and accept-established of one
# loopback connection made by tcpconn (both ends in one process, the
# client closing first): every transition of its three sockets (the
# listener, the client, the accepted one; a socket is known by its port
# and then by its address, as its ports are cleared at the end), with
# DTrace's state names, and the ports and addresses of the established
# probes.
port=$((20000 + $$ % 20000))
$DTRACE -q -c "$BUILD_DIR/testprog/tcpconn $port" -n '
int bad;
int mine[uint64_t];
tcp:::state-change
/args[3]->tcps_lport == $1 || args[3]->tcps_rport == $1 ||
 mine[args[1]->cs_cid]/
{
	mine[args[1]->cs_cid] = 1;
	this->o = args[5]->tcps_state;
	this->n = args[3]->tcps_state;
	@[this->o == TCP_STATE_CLOSED ? "state-closed" :
	  this->o == TCP_STATE_LISTEN ? "state-listen" :
	  this->o == TCP_STATE_SYN_SENT ? "state-syn-sent" :
	  this->o == TCP_STATE_SYN_RECEIVED ? "state-syn-received" :
	  this->o == TCP_STATE_ESTABLISHED ? "state-established" :
	  this->o == TCP_STATE_CLOSE_WAIT ? "state-close-wait" :
	  this->o == TCP_STATE_FIN_WAIT_1 ? "state-fin-wait-1" :
	  this->o == TCP_STATE_FIN_WAIT_2 ? "state-fin-wait-2" :
	  this->o == TCP_STATE_LAST_ACK ? "state-last-ack" : "other",
	  this->n == TCP_STATE_CLOSED ? "state-closed" :
	  this->n == TCP_STATE_LISTEN ? "state-listen" :
	  this->n == TCP_STATE_SYN_SENT ? "state-syn-sent" :
	  this->n == TCP_STATE_SYN_RECEIVED ? "state-syn-received" :
	  this->n == TCP_STATE_ESTABLISHED ? "state-established" :
	  this->n == TCP_STATE_CLOSE_WAIT ? "state-close-wait" :
	  this->n == TCP_STATE_FIN_WAIT_1 ? "state-fin-wait-1" :
	  this->n == TCP_STATE_FIN_WAIT_2 ? "state-fin-wait-2" :
	  this->n == TCP_STATE_LAST_ACK ? "state-last-ack" : "other"] = count();
	bad += args[1]->cs_cid != args[3]->tcps_addr;
}
tcp:::connect-established /args[3]->tcps_rport == $1/ {
	printf("connect-established: rport ok %d, lport ephemeral %d, %s -> %s, ver %d, state %d, tcp ports %d\n",
	    args[3]->tcps_rport == $1, args[3]->tcps_lport != $1,
	    args[2]->ip_saddr, args[2]->ip_daddr, args[2]->ip_ver,
	    args[3]->tcps_state == TCP_STATE_ESTABLISHED,
	    args[4]->tcp_sport == $1 && args[4]->tcp_dport == args[3]->tcps_lport);
}
tcp:::accept-established /args[3]->tcps_lport == $1/ {
	printf("accept-established: lport ok %d, %s -> %s, local %d, state %d, tcp ports %d\n",
	    args[3]->tcps_lport == $1, args[3]->tcps_raddr, args[3]->tcps_laddr,
	    args[3]->tcps_local, args[3]->tcps_state == TCP_STATE_ESTABLISHED,
	    args[4]->tcp_dport == $1 && args[4]->tcp_sport == args[3]->tcps_rport);
}
END {
	printf("bad cs_cid %d\n", bad);
	printa("%-20s -> %-20s %@d\n", @);
}' $port
echo "rc=$?"
