# noresolve: user addresses are not named.  ustack() frames, usym(),
# ufunc(), umod(), uaddr() and %A each show the address as 0x...; each
# address is its own aggregation key.  setopt() turns it on while tracing.
# ust_c's argument is &ust_b + 4, so usym() keys of it and of ust_b's
# entry differ only by name.
prog='
pid$target:a.out:ust_c:entry
/n++ == 0/
{
	ustack(2); usym(arg0); printf("\n"); ufunc(arg0); printf("\n");
	umod(arg0); printf("\n"); uaddr(arg0); printf("\n");
	printf("%A\n", arg0);
	@[usym(arg0)] = count(); @[usym(arg0 - 4)] = count();
	exit(0);
}'
shape() {
	awk '
	/^ *$/ { next }
	/^ *0x[0-9a-f]+ *[0-9]*$/ { print "hex"; next }
	{ print "named" }' | sort | uniq -c | sed 's/^ *//'
}
# ustack's 2 frames, usym, ufunc, umod, uaddr, %A: 7 lines; then the
# aggregation's keys, 1 named or 2 in hex
$DTRACE -q -c "$BUILD_DIR/testprog/ustacktarget 1" -n "$prog" | shape
$DTRACE -q -x noresolve -c "$BUILD_DIR/testprog/ustacktarget 1" -n "$prog" | shape
$DTRACE -q -c "$BUILD_DIR/testprog/ustacktarget 1" -n "BEGIN { setopt(\"noresolve\"); } $prog" | shape
