# User symbols of the pid provider's test program built as PIE, as
# non-PIE (fixed addresses) and stripped (only .dynsym, from -rdynamic):
# each resolves its functions by file offset.  An address of the
# non-PIE executable that no function symbol holds (its PLT, found by
# disassembling; _init before it has no size) shows as module`0xaddress.
# "pidtarget loop" runs until the session ends (it prints its pid first);
# the column of 50 is cut after the name.
for v in pidtarget pidtarget-nopie pidtarget-stripped; do
	$DTRACE -q -c "$BUILD_DIR/testprog/$v loop" -n '
	pid$target:a.out:dt_pt_tick:entry
	{
		printf("%s %s\n", probemod, probefunc);
		usym(uregs[R_PC]);
		printf("|\n");
		uaddr(uregs[R_PC] + 1);
		printf("|\n");
		exit(0);
	}' | grep -v '^[0-9]*$' | sed "s/$v\`/VARIANT\`/; s/  *|$/ |/"
done
plt=$(objdump -d --no-show-raw-insn "$BUILD_DIR/testprog/pidtarget-nopie" |
    awk '/^[0-9a-f]+ <.*@plt>:$/ { print $1; exit }')
echo "-- the PLT"
$DTRACE -q -c "$BUILD_DIR/testprog/pidtarget-nopie loop" -n '
pid$target:a.out:dt_pt_tick:entry
{
	uaddr(0x'"$plt"');
	printf("|\n");
	exit(0);
}' | grep -v '^[0-9]*$' | sed "s/0x0*$(printf %x $((0x$plt)))/PLT/"
