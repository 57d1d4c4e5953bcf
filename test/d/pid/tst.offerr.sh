# Offsets that are refused, before anything is attached, exit 1:
# inside an instruction (D_PROC_ALIGN: a breakpoint there would corrupt
# the process), at or past the function's end (D_PROC_OFF), an offset
# spelt otherwise than DTrace prints it (0x4, 04), and an instruction the
# kernel cannot place a uprobe on.  The middle of the function's first
# instruction and its size come from objdump and nm.
. ./lib.sh
bin="$BUILD_DIR/testprog/pidtarget"
addrs=$(insns "$bin" dt_pt_mul)
first=$(echo "$addrs" | head -1)
second=$(echo "$addrs" | sed -n 2p)
size=$(nm -S "$bin" | awk '$4 == "dt_pt_mul" { print $2 }')
inside=$(printf '%x' $(((0x$second - 0x$first) / 2)))
end=$(printf '%x' $((0x$size)))
past=$(printf '%x' $((0x$size + 0x100)))
[ $((0x$inside)) -gt 0 ] && echo "the first instruction is longer than 1"
try() {
	$DTRACE -xerrtags -c "$bin 1" -n "pid\$target:a.out:dt_pt_mul:$1 { }" \
	    2>&1 | head -1 | sed -E -e 's/pid[0-9]+/pidN/g' \
	    -e 's/process [0-9]+/process N/' -e "s/0x$1 /0xOFF /" \
	    -e "s/[:]$1 /:OFF /" -e "s/of 0x$end bytes/of SIZE bytes/"
	echo "exit ${PIPESTATUS[0]}"
}
try "$inside"
try "$end"
try "$past"
try 0x0
try 04
# an instruction the kernel cannot place a uprobe on (a lock prefix: the
# lock decl of libc's pthread_spin_lock) is refused when named
lock=$(objdump -d --no-show-raw-insn /lib/x86_64-linux-gnu/libc.so.6 | awk '
    /<pthread_spin_lock@@/ { f = 1; next }
    f && !/^ +[0-9a-f]+:/ { exit }
    f { sub(":", "", $1); if (s == "") s = $1; if ($2 == "lock") {
	print s, $1; exit } }')
set -- $lock
echo "a lock instruction at $(printf '%x' $((0x$2 - 0x$1)))"
$DTRACE -xerrtags -c "$bin 1" \
    -n "pid\$target:libc.so.6:pthread_spin_lock:$(printf '%x' \
    $((0x$2 - 0x$1))) { }" 2>&1 | head -1
echo "exit ${PIPESTATUS[0]}"
