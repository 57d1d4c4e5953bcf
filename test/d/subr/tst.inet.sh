# inet_ntoa(), inet_ntoa6(), inet_ntop(): addresses of kernel memory whose
# bytes we choose (inet-alt.pl: a child's sigaltstack fields in its
# task_struct), formatted in BPF.  IPv4: the first 4 bytes; IPv6: 16, as
# RFC 5952 writes them: the first longest run of two or more zero groups
# as ::, one zero group kept, IPv4-mapped addresses as ::ffff:a.b.c.d.
a="00000000000000000000000000000000 00000000000000000000000000000001"
a="$a 7f000001000000000000000000000001 ffffffff00000000000000000000ffff"
a="$a fe800000000000000000000000000001 20010db8000000000000ff0000428329"
a="$a 00000000000000000000ffffc0000201 20010db8000000000001000000000001"
a="$a 00010000000000020000000000000003 20010db8000000010001000100010001"
a="$a ffffffffffffffffffffffffffffffff c0a80a0b0000000000000000000000ab"
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
