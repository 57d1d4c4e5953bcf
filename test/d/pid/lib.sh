# Shared by the pid tests (sourced).
# insns BIN FUNC: the addresses (hex, no 0x) of FUNC's instructions in
# BIN, as objdump disassembles them, one a line
insns() {
	objdump -d --no-show-raw-insn "$1" | awk -v f="<$2>:" '
	    $2 == f { in_f = 1; next }
	    in_f && !/^ +[0-9a-f]+:/ { exit }
	    in_f { sub(":", "", $1); print $1 }'
}
