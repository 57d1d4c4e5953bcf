# printf()'s %A names a user address as uaddr() does (widths and flags as
# for %s), from the process id printf() records after its arguments when
# the format has a %A; in a printa() format %A names a usym() or uaddr()
# key.  %a stays a kernel address.
$DTRACE -q -c "$BUILD_DIR/testprog/ustacktarget 1" -n '
pid$target:a.out:ust_c:entry
{
	printf("[%A] [%-30A] [%30A] [%A] [%a]\n", uregs[R_PC], arg0, arg0,
	    0x10, 0);
	@[usym(arg0), uaddr(arg0)] = count();
	exit(0);
}
END
{
	printa("%A %A %@d\n", @);
}'
echo "-- %A of a string"
$DTRACE -xerrtags -n 'BEGIN { printf("%A", "x"); }' 2>&1 | head -1
