# Sourced by the ustack tests: P is the traced program, and `retmask`
# (a filter) replaces each frame offset that is exactly where a call of
# the program returns to (found by disassembling it) with +RETn (the
# n-th call site of that function in the list below), and +SYS the pc
# after ust_c's syscall instruction.  An offset that is anything else is
# left as it is, and so fails the comparison.
P="$BUILD_DIR/testprog/ustacktarget"
_dis=$(mktemp)
objdump -d --no-show-raw-insn "$P" >"$_dis"
# callsites FUNCTION PATTERN: the offsets (hex) of the instructions after
# each instruction of FUNCTION that contains PATTERN.
callsites() {
	awk -v f="<$1>:" -v c="$2" '
		$2 == f { p = 1; start = $1; next }
		p && NF == 0 { exit }
		p && want { sub(/:$/, "", $1); print start, $1; want = 0 }
		p && index($0, c) { want = 1 }' "$_dis" |
	while read -r s a; do printf '0x%x\n' $((0x$a - 0x$s)); done
}
_sed=()
_add() { # FUNCTION PATTERN NAME
	local n=1 off
	for off in $(callsites "$1" "$2"); do
		_sed+=(-e "s/\`$1+$off\$/\`$1+$3$n/" -e "s/\`$1+$off\"/\`$1+$3$n\"/g"
		    -e "s/\`$1+$off /\`$1+$3$n /")
		n=$((n + 1))
	done
}
_add ust_c syscall SYS
_add ust_b '<ust_c>' RET
_add ust_a '<ust_b>' RET
_add main '<ust_a>' RETA
_add main '<ust_b>' RETB
_add main '<sleep@plt>' RETS
rm -f "$_dis"
retmask() { sed "${_sed[@]}"; }
