# Instruction offset probes fire at their instruction: the offsets of
# dt_pt_mul's second and last instructions (mov %rdi,%rax; imul
# %rsi,%rax; ret at -O1) are taken from objdump, in the PIE and the
# non-PIE program.  At the imul rax holds a (6), at the ret the product
# (42): the probe fired after the instructions before it ran, before its
# own.  arg0 and arg1 are the registers of the arguments, and the PC is
# the function's entry PC + the offset.
. ./lib.sh
for prog in pidtarget pidtarget-nopie; do
	bin="$BUILD_DIR/testprog/$prog"
	# offsets (hex, no 0x) of the function's instructions
	addrs=$(insns "$bin" dt_pt_mul)
	start=$(echo "$addrs" | head -1)
	offs=$(for a in $addrs; do printf '%x\n' $((0x$a - 0x$start)); done)
	second=$(echo "$offs" | sed -n 2p)
	last=$(echo "$offs" | tail -1)
	echo "$prog: $(echo "$offs" | wc -l) instructions"
	$DTRACE -q -c "$bin 1" -n "
	pid\$target:a.out:dt_pt_mul:entry { self->pc = uregs[R_PC]; }
	pid\$target:a.out:dt_pt_mul:$second
	{
		printf(\"%s second: rax %d, arg0 %d, arg1 %d, PC entry + %s: %s\n\",
		    probefunc, uregs[R_RAX], arg0, arg1, probename,
		    uregs[R_PC] - self->pc == 0x$second ? \"yes\" : \"no\");
	}
	pid\$target:a.out:dt_pt_mul:$last
	{
		printf(\"%s last: rax %d, arg0 %d, arg1 %d, PC entry + %s: %s\n\",
		    probefunc, uregs[R_RAX], arg0, arg1, probename,
		    uregs[R_PC] - self->pc == 0x$last ? \"yes\" : \"no\");
	}" | sed -E 's/entry \+ [0-9a-f]+:/entry + OFF:/'
	echo "exit ${PIPESTATUS[0]}"
done
