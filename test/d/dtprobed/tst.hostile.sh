# Hostile ELF files do not crash the daemon: copies of usdttarget that
# still run (the kernel and the dynamic loader read no section headers)
# but whose notes or section headers are garbage: the note section all
# 0xff bytes, a note whose descriptor size is huge, a note section full
# of code bytes, section headers past the end of the file, a section
# count and string table index out of range.  After each the daemon
# lives, registers nothing false (no file, or only well-formed notes),
# and a plain usdttarget started last is still registered.
. ./lib.sh
reg=$TMPDIR/reg
log=$TMPDIR/pd.log
src=$BUILD_DIR/testprog/usdttarget
# section NAME of FILE: "OFFSET SIZE" (decimal)
section() {
	local o s
	read -r o s <<<"$(readelf -SW "$2" | awk -v n="$1" '{
	    for (i = 1; i < NF; i++) if ($i == n) { print $(i + 3), $(i + 4); exit } }')"
	echo $((0x$o)) $((0x$s))
}
# put COUNT bytes of FILL (a file) at OFFSET of FILE
put() { dd if="$1" of="$2" bs=1 seek="$3" count="$4" conv=notrunc status=none; }
read -r noff nsize <<<"$(section .note.stapsdt "$src")"
read -r toff tsize <<<"$(section .text "$src")"
head -c "$nsize" /dev/zero | tr '\0' '\377' >"$TMPDIR/ff"
printf '\377\377\377\177' >"$TMPDIR/huge"
printf '\377\377\377\377\377\377\377\177' >"$TMPDIR/far"
printf '\377\377\376\377' >"$TMPDIR/counts"
dd if="$src" of="$TMPDIR/code" bs=1 skip="$toff" count="$nsize" status=none
mk() { cp "$src" "$TMPDIR/$1"; }
mk h-ff; put "$TMPDIR/ff" "$TMPDIR/h-ff" "$noff" "$nsize"
mk h-descsz; put "$TMPDIR/huge" "$TMPDIR/h-descsz" $((noff + 4)) 4
mk h-code; put "$TMPDIR/code" "$TMPDIR/h-code" "$noff" "$nsize"
mk h-shoff; put "$TMPDIR/far" "$TMPDIR/h-shoff" 40 8
mk h-shnum; put "$TMPDIR/counts" "$TMPDIR/h-shnum" 60 4
pd_start "$reg" "$log" || exit 1
for h in h-ff h-descsz h-code h-shoff h-shnum; do
	"$TMPDIR/$h" loop >/dev/null &
	p=$!
	pd_extra+=($p)
	sleep 0.5	# past the daemon's two second looks
	if [ -e "$reg/$p" ]; then
		bad=$(grep '^note' "$reg/$p" | grep -vcE '^note [0-9a-f]+ [0-9a-f]+ [A-Za-z0-9_]+ [A-Za-z0-9_]+ [ -~]*$')
		file="file with $(grep -c '^note' "$reg/$p") notes, $bad malformed"
	else
		file="no file"
	fi
	echo "$h: daemon $(kill -0 $pd_pid 2>/dev/null && echo alive || echo dead), $file, ran: $(kill -0 $p 2>/dev/null && echo yes || echo no)"
	kill $p
	wait $p 2>/dev/null
done
"$src" loop >/dev/null &
p=$!
pd_extra+=($p)
pd_wait "[ -f $reg/$p ]"
echo "plain usdttarget: $(grep -c '^note' "$reg/$p" 2>/dev/null || echo 0) notes registered"
grep -q "h-ff: .*malformed USDT note" "$log" && echo "h-ff: logged"
grep -q "h-descsz: .*malformed USDT note" "$log" && echo "h-descsz: logged"

# A reader that crashes (fault injection) loses the probes of that file
# alone: usdttarget-lib's own are registered, libusdtlib.so's are not,
# the crash is logged naming the library, and the daemon lives.
kill $pd_pid
wait $pd_pid
DTPROBED_FAULT_CRASH=libusdtlib.so pd_start "$TMPDIR/reg2" "$log" || exit 1
"$BUILD_DIR/testprog/usdttarget-lib" loop >/dev/null &
p=$!
pd_extra+=($p)
pd_wait "grep -q 'libusdtlib.so: its USDT' $log"
pd_wait "[ -f $TMPDIR/reg2/$p ]"
sleep 0.4	# the daemon's second look: the library is mapped by then
echo "crash: $(sed -n 's/.*libusdtlib.so: //p' "$log" | head -1)"
echo "crash: daemon $(kill -0 $pd_pid 2>/dev/null && echo alive || echo dead)"
echo "crash: objects registered: $(sed -n 's|^object .*/||p' "$TMPDIR/reg2/$p" | tr '\n' ' ')"
