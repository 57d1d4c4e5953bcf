# jstack() is ustack() with jstackframes (default 50) as its default depth:
# the same frames in the same call chain (no virtual machine's stack
# helper exists on Linux, so interpreted frames show as the machine's own
# functions); jstack(N) takes N frames, and jstackframes=2 two.
. ./retmask.sh
$DTRACE -q -c "$P 1" -n 'syscall::getppid:entry
/pid == $target && execname == "ustacktarget"/
{
	printf("jstack:");
	jstack();
	printf("jstack(2):");
	jstack(2, 512);
	exit(0);
}' | retmask | awk '/^jstack/ { skip = 0 } !skip { print } /`main/ { skip = 1 }'
echo "jstackframes=2:"
$DTRACE -q -x jstackframes=2 -x jstackstrsize=256 -c "$P 1" -n 'syscall::getppid:entry
/pid == $target && execname == "ustacktarget"/
{
	jstack();
	exit(0);
}' | retmask
