# Warnings about the files of a traced process are bounded, however many
# bad notes or files its owner gives it: a file of 30 notes whose
# argument specs are not understood (found when probes are made, after
# the file is read) gives 8 warnings and one line saying that more are
# not shown; a process mapping 12 files of 20 notes outside their
# segments (8 warnings and a count each: 108 lines) gives 64 lines in
# all (seven files' 8 and their counts, one of the eighth's), then one
# line saying that the rest are not shown.
# Both once gave a line a note (3,000 notes of one file made 3,000
# lines on a root terminal).
dir=$(mktemp -d)
trap 'kill $pid $mp 2>/dev/null; wait 2>/dev/null; rm -rf "$dir"' EXIT
# the 30 notes: sites on an instruction of a function, spec 8@%xyz
{
	echo '#include <unistd.h>'
	echo '__asm__(".pushsection .text\n.globl wb_code\n.type wb_code, @function\nwb_code:\nwb_site:\n\tnop\n\tret\n.size wb_code, .-wb_code\n.popsection\n.pushsection .note.stapsdt,\"\",\"note\"\n"'
	for i in $(seq 30); do
		echo '".balign 4\n.4byte 8, 2f-1f, 3\n.asciz \"stapsdt\"\n1: .8byte wb_site, 0, 0\n.asciz \"wb\"\n.asciz \"p'$i'\"\n.asciz \"8@%xyz\"\n2: .balign 4\n"'
	done
	echo '".popsection\n");'
	echo 'int main(void) { for (;;) pause(); }'
} >"$dir/wb.c"
cc -O0 -o "$dir/wb" "$dir/wb.c" || exit 1
"$dir/wb" &
pid=$!
sleep 0.2
$DTRACE -l -n "wb$pid:::" 2>&1 >/dev/null | sed -e "s|$dir|DIR|" \
    -e "s/wb$pid/wbPID/"
echo "exit ${PIPESTATUS[0]}"
for i in $(seq 12); do
	"$BUILD_DIR/testprog/pdelf" make "$dir/f$i" -n 20 -s 0x900000 >/dev/null
done
"$BUILD_DIR/testprog/pdelf" map "$dir"/f* >"$dir/mapped" &
mp=$!
for i in $(seq 100); do [ -s "$dir/mapped" ] && break; sleep 0.05; done
$DTRACE -l -n "pdtest$mp:::" 2>"$dir/err" >/dev/null
echo "exit $?"
echo "warnings about the files: $(grep -c ': USDT probe pdtest:' "$dir/err")"
echo "counts of the rest of a file: $(grep -c 'more warnings about its' "$dir/err")"
grep -v 'USDT probe pdtest:\|more warnings about its' "$dir/err" |
    sed "s/pdtest$mp/pdtestPID/"
