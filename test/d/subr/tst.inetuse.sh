# inet_ntoa() and friends give D strings: compared, aggregation keys,
# truncated at strsize.  A pointer that cannot be read is an invalid
# address fault and an address family other than AF_INET (2) and
# AF_INET6 (10) an illegal operation, as in DTrace: ERROR, and the
# session goes on.
a="7f000001000000000000000000000001 fe800000000000000000000000000001"
a="$a 7f000001000000000000000000000001 ffffffffffffffffffffffffffffffff"
$DTRACE -q -c "perl inet-alt.pl $a" -n '
int n, m;
syscall::getppid:entry
/ppid == $target/
{
	this->p = (void *)((uintptr_t)curthread +
	    offsetof(struct task_struct, sas_ss_sp));
	@[inet_ntop(AF_INET6, this->p)] = count();
	@[inet_ntoa(this->p)] = count();
	n += inet_ntoa(this->p) == "127.0.0.1";
	m += strjoin(inet_ntoa6(this->p), "/64") == "fe80::1/64";
}
syscall::getppid:entry
/ppid == $target/
{
	trace(inet_ntop(12, this->p));
}
syscall::getppid:entry
/ppid == $target/
{
	trace(inet_ntoa((ipaddr_t *)8));
}
END
{
	printf("%d %d\n", n, m);
	printa("%-40s %@d\n", @);
}' 2>/tmp/dt-inetuse.$$.err
sed -E 's/probe ID [0-9]+/probe ID N/; s/BPF pc [0-9]+/BPF pc N/' /tmp/dt-inetuse.$$.err
rm -f /tmp/dt-inetuse.$$.err
$DTRACE -q -x strsize=12 -c "perl inet-alt.pl $a" -n '
syscall::getppid:entry
/ppid == $target/
{
	this->p = (uintptr_t)curthread +
	    offsetof(struct task_struct, sas_ss_sp);
	printf("%s|%s|\n", inet_ntoa((ipaddr_t *)this->p),
	    inet_ntoa6((in6_addr_t *)this->p));
}'
# ipaddr_t is 4 bytes; in6_addr_t is the kernel's struct in6_addr
$DTRACE -q -n 'BEGIN {
	this->a = (in6_addr_t *)curthread;
	printf("%d %d %d\n", sizeof (in6_addr_t), sizeof (ipaddr_t),
	    this->a->in6_u.u6_addr8[0] == *(uint8_t *)curthread);
	exit(0);
}'
