# Absolute probes: the function "-" and the instruction's address in the
# executable as its disassembly gives it (pid$target:a.out:-:ADDR, or
# with the module empty), the name that address in hex.  The probe at
# dt_pt_mul's second instruction (imul) fires there once: rax holds a
# (6), probefunc is "-", probename the address; in the program that is
# not position-independent the PC is that address, in the PIE one the
# function's entry PC + the instruction's offset.  Refused, with
# DTrace's tags: a glob or an empty name (D_PROC_NAME), a library
# module (D_PROC_LIB), an address inside an instruction (D_PROC_ALIGN),
# one in no function (D_PROC_OFF).
. ./lib.sh
for prog in pidtarget-nopie pidtarget; do
	bin="$BUILD_DIR/testprog/$prog"
	addrs=$(insns "$bin" dt_pt_mul)
	start=$(echo "$addrs" | head -1)
	second=$(echo "$addrs" | sed -n 2p)
	for mod in a.out ""; do
		$DTRACE -q -c "$bin 1" -n "
		pid\$target:a.out:dt_pt_mul:entry { self->pc = uregs[R_PC]; }
		pid\$target:$mod:-:$second
		{
			printf(\"%s [%s] %s:%s rax %d, name the address %s, PC %s\n\",
			    \"$prog\", \"$mod\", probefunc,
			    probename == \"$second\" ? \"ADDR\" : probename,
			    uregs[R_RAX], probename == \"$second\" ? \"yes\" : \"no\",
			    uregs[R_PC] == 0x$second ? \"the address\" :
			    uregs[R_PC] - self->pc == 0x$second - 0x$start ?
			    \"entry + offset\" : \"wrong\");
		}"
		echo "exit $?"
	done
done
bin="$BUILD_DIR/testprog/pidtarget-nopie"
addrs=$(insns "$bin" dt_pt_mul)
second=$(echo "$addrs" | sed -n 2p)
inside=$(printf '%x' $((0x$second + 1)))	# imul %rsi,%rax: 4 bytes
tag() {
	$DTRACE -xerrtags -c "$bin 1" -n "$1 { }" 2>&1 >/dev/null |
	    grep -o '\[D_[A-Z_]*\]' | head -1
}
echo "glob name: $(tag "pid\$target::-:${second%?}*")"
echo "empty name: $(tag 'pid$target::-:')"
echo "entry: $(tag 'pid$target:a.out:-:entry')"
echo "library: $(tag "pid\$target:libc.so.6:-:$second")"
echo "inside an instruction: $(tag "pid\$target:a.out:-:$inside")"
echo "in no function: $(tag 'pid$target:a.out:-:1')"
