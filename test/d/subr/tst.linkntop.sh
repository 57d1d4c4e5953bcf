# link_ntop(): a hardware address as two lower-case hexadecimal digits a
# byte, separated by colons: 6 bytes for ARPHRD_ETHER (1), 20 for
# ARPHRD_INFINIBAND (32); the bytes are a child's sigaltstack fields
# (inet-alt.pl), the last 4 of 20 its sas_ss_flags (0).  Another hardware
# type is an illegal operation: ERROR, and the session goes on.
a="000102030405ffff0000000000000001 ffffffffffff00000000000000000001"
a="$a 01330a000001ffff0000000000000001 0010e08a715e00000000000000000001"
a="$a 020820ac040e00000000000000000001 1080080820ac417a017f01ffff7f01ff"
$DTRACE -q -c "perl inet-alt.pl $a" -n '
syscall::getppid:entry
/ppid == $target/
{
	this->p = (void *)((uintptr_t)curthread +
	    offsetof(struct task_struct, sas_ss_sp));
	printf("%s %s\n", link_ntop(ARPHRD_ETHER, this->p),
	    link_ntop(ARPHRD_INFINIBAND, this->p));
}
syscall::getppid:entry
/ppid == $target/
{
	trace(link_ntop(6, this->p));
}' 2>/tmp/dt-linkntop.$$.err
sed -E 's/probe ID [0-9]+/probe ID N/; s/BPF pc [0-9]+/BPF pc N/' /tmp/dt-linkntop.$$.err | sort -u
rm -f /tmp/dt-linkntop.$$.err
