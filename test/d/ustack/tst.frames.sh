# ustack() in a known call chain of a program built with frame pointers:
# main -> ust_a -> ust_b -> ust_c, which makes the getppid() system call
# itself.  Each frame is module`function+0xoffset, the offset exactly
# where the call returns (retmask.sh checks it against the disassembly);
# the frames below main (libc's, built without frame pointers) are left
# out.
. ./retmask.sh
$DTRACE -q -c "$P 1" -n 'syscall::getppid:entry
/pid == $target && execname == "ustacktarget"/
{
	printf("stack:");
	ustack();
	exit(0);
}' | retmask | awk '{ print } /`main/ { exit }'
