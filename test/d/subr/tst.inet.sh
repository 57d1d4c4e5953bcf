# inet_ntoa(), inet_ntoa6(), inet_ntop(): addresses of kernel memory whose
# bytes we choose (inet-alt.pl: a child's sigaltstack fields in its
# task_struct), formatted in BPF.  IPv4: the first 4 bytes; IPv6: 16, as
# DTrace for Linux writes them (docs/design.md): one run of zero groups
# as ::, a single zero group too unless it is the last; of two runs of
# the same length the first, unless the group after the second starts
# with a zero byte (2001:db8:0:0:1::1); IPv4-mapped and -compatible
# addresses end in a dotted quad, which is all inet_ntoa6 gives for them
# (::2 is compatible, and its run reaches into the quad: no ::).
a="00000000000000000000000000000000 00000000000000000000000000000001"
a="$a 7f000001000000000000000000000001 ffffffff00000000000000000000ffff"
a="$a fe800000000000000000000000000001 20010db8000000000000ff0000428329"
a="$a 00000000000000000000ffffc0000201 20010db8000000000001000000000001"
a="$a 00010000000000020000000000000003 20010db8000000010001000100010001"
a="$a ffffffffffffffffffffffffffffffff c0a80a0b0000000000000000000000ab"
a="$a 000000000000000000000000c0000201 00000000000000000000000000000002"
a="$a 00010002000300040005000600070000 00010000000000020000000003000004"
$DTRACE -q -c "perl inet-alt.pl $a" -n '
syscall::getppid:entry
/ppid == $target/
{
	this->p = (uintptr_t)curthread +
	    offsetof(struct task_struct, sas_ss_sp);
	printf("%-15s %-15s %-39s %s\n", inet_ntoa((ipaddr_t *)this->p),
	    inet_ntop(AF_INET, (void *)this->p),
	    inet_ntoa6((in6_addr_t *)this->p),
	    inet_ntop(AF_INET6, (void *)this->p));
}'
