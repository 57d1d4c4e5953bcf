# usym(), ufunc(), umod() and uaddr() of user addresses: module`symbol,
# the module, module`symbol+0xoffset (no offset when 0); 0x... when no
# file mapping holds the address.  usym(), ufunc() and umod() fill
# DTrace's column of 50, uaddr() does not (DTrace's check of uaddr()
# has no blanks after the name).  ust_c's
# argument is &ust_b + 4.  A libc function's entry: libc.so.6`sleep.
$DTRACE -q -c "$BUILD_DIR/testprog/ustacktarget 1" -n '
pid$target:a.out:ust_c:entry
/n++ == 0/
{
	usym(uregs[R_PC]); printf("|\n");
	ufunc(arg0); printf("|\n");
	umod(arg0); printf("|\n");
	uaddr(arg0); printf("|\n");
	uaddr(uregs[R_PC]); printf("|\n");
	usym(0x10); printf("|\n");
	umod(1); printf("|\n");
	uaddr(0); printf("|\n");
}
pid$target:libc.so.6:sleep:entry
{
	usym(uregs[R_PC]); printf("|\n");
	umod(uregs[R_PC]); printf("|\n");
	uaddr(uregs[R_PC] + 2); printf("|\n");
	exit(0);
}'
