# ustack() of a program built with -O2 -fomit-frame-pointer, at a pid
# entry probe of qsort()'s comparator: the frames come from unwinding a
# copy of the user stack with .eh_frame (cfitarget's and libc's, whose
# static msort_with_tmp frames have no symbol in its .dynsym and print
# in hex).  Each frame of cfitarget must be where one of its calls
# returns to; its functions must be those gdb's bt shows at the same
# breakpoint, in the same order.  Without the copy (ustackcopy=0) the
# frame pointer walk loses the callers.  gdb is told to read every
# library's symbols before bt (it sometimes leaves libc's unread at the
# breakpoint, and its bt then stops at the first libc frame).
P="$BUILD_DIR/testprog/cfitarget"
dis=$(mktemp)
objdump -d --no-show-raw-insn "$P" >"$dis"
# the offsets (in their functions) of the instructions after each call
rets=$(awk '/^[0-9a-f]+ <.*>:$/ { f = $2; gsub(/[<>:]/, "", f); s = $1; next }
	want { sub(/:$/, "", $1); print f, s, $1; want = 0 }
	/call/ { want = 1 }' "$dis" |
    while read -r f s a; do printf '%s+0x%x\n' "$f" $((0x$a - 0x$s)); done)
rm -f "$dis"
# (libc's separate debug file, libc6-dbg, is installed on some machines
# and not others: not read, so that libc's inner frames are in hex)
out=$($DTRACE -q -x debugdir=/nonexistent -c "$P 8" -n 'pid$target::cmp:entry { ustack(); exit(0); }')
printf '%s\n' "$out" | grep '`' | sed 's/^ *//' | while read -r f; do
	case "$f" in
	cfitarget\`*+0x*)
		if printf '%s\n' "$rets" | grep -qx "${f#cfitarget\`}"; then
			echo "${f%+0x*}+RET"
		else
			echo "$f (not a return address)"
		fi ;;
	libc.so.6\`0x*) echo "libc.so.6\`ADDR" ;;
	*+0x*) echo "${f%+0x*}+OFF" ;;
	*) echo "$f" ;;
	esac
done
echo "-- gdb"
ours=$(printf '%s\n' "$out" | sed -n 's/^ *cfitarget`\([a-z_]*\).*/\1/p' |
    grep -v '^_start$' | tr '\n' ' ')
theirs=$(timeout 60 gdb -batch -nx -ex 'break cmp' -ex 'run 8' -ex sharedlibrary -ex bt "$P" \
    2>/dev/null | sed -n 's/^#[0-9]* *\(0x[0-9a-f]* in \)\{0,1\}\([a-z_]*\) (.*/\2/p' |
    grep -E '^(cmp|cfi_[a-z]*|main)$' | tr '\n' ' ')
echo "ours:  $ours"
echo "gdb's: $theirs"
[ "$ours" = "$theirs" ] && echo "the same"
echo "-- ustackcopy=0"
n=$($DTRACE -q -x ustackcopy=0 -c "$P 8" -n 'pid$target::cmp:entry { ustack(); exit(0); }' |
    grep -c 'cfitarget`cfi_')
echo "cfi_ frames without the copy: $n"
