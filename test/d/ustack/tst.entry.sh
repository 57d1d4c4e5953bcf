# At a pid entry probe the function has not made its frame yet: the walk
# of the frame pointers gives the pc, then the caller's caller; the
# caller (the return address at the top of the stack) is put between
# them, as DTrace does, so that the stack is main -> ust_a -> ust_b ->
# ust_c.  The pc is the function's first byte: no offset.  ustackdepth
# counts the same frames.  A libc function, through the PLT: its name
# from libc's .dynsym.
. ./retmask.sh
$DTRACE -q -c "$P 1" -n '
pid$target:a.out:ust_c:entry
/n++ == 0/
{
	ustack(4);
	ustack(1);
	printf("%d\n", ustackdepth >= 4);
}
pid$target:libc.so.6:sleep:entry
{
	ustack(2);
	exit(0);
}' | retmask
