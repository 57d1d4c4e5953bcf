# What a local user's crafted files may cost the registry, and which
# offsets reach it (docs/security.md, dtprobed).  Files of pdelf
# (test/prog/pdelf.c), mapped executable by pdelf map:
#  - 7000 notes of 511-character specs: the registry file holds the
#    first notes up to 256 KiB (DT_PD_TEXT_MAX), the rest is logged as
#    dropped; 21 processes mapping it cost the daemon little memory;
#  - 12000 such notes: a note section over 4 MiB is not read at all;
#  - a site outside the file (its code segment claims more bytes than
#    the file has), a site in writable data, a semaphore in code, a
#    misaligned one, one outside the file: refused (logged as malformed,
#    no registry file);
#  - a well-formed file: registered, its semaphore kept;
#  - one process mapping five files of 256 KiB of notes: four fit in its
#    registry file (1 MiB), the fifth is left out;
#  - all registry files within their total (DTPROBED_LIMIT_TOTAL lowers
#    it for the test), those of one uid's processes within a quarter of
#    it: a process that would go past either is not registered.
. ./lib.sh
reg=$TMPDIR/reg
log=$TMPDIR/pd.log
E=$BUILD_DIR/testprog/pdelf
$E make "$TMPDIR/many" -n 7000 -a 511
$E make "$TMPDIR/huge" -n 12000 -a 511
$E make "$TMPDIR/good" -n 2 -S 0x2000
$E make "$TMPDIR/outside" -s 0x80000 -x 0x100000
$E make "$TMPDIR/datasite" -s 0x2000
$E make "$TMPDIR/semacode" -S 0x1800
$E make "$TMPDIR/semaodd" -S 0x2001
$E make "$TMPDIR/semaout" -S 0x80000 -w 0x100000
pd_start "$reg" "$log" || exit 1
map() { # map FILE: a process mapping it; its pid in $p
	"$E" map "$TMPDIR/$1" >/dev/null &
	p=$!
	pd_extra+=($p)
}
map good
pd_wait "[ -f $reg/$p ]"
sema=$(awk '/^note/ { print $3; exit }' "$reg/$p")
echo "good: $(grep -c '^note' "$reg/$p") notes, semaphore $sema"
for f in outside datasite semacode semaodd semaout; do
	map $f
	pd_wait "grep -q '/$f: 1 malformed USDT note skipped' $log" ||
	    echo "$f: not logged"
	sleep 0.1
	echo "$f: $([ -e "$reg/$p" ] && echo registered || echo refused)"
done
map huge
pd_wait "grep -q '/huge: 1 USDT note over the limits' $log" &&
    echo "huge: not read"
echo "huge: $([ -e "$reg/$p" ] && echo registered || echo "no file")"
map many
first=$p
pd_wait "[ -f $reg/$p ]"
mine=($p)
for i in $(seq 20); do map many; mine+=($p); done
pd_wait "[ -f $reg/$p ]"
n=$(grep -c '^note' "$reg/$first")
size=$(stat -c %s "$reg/$first")
over=$(grep -o '[0-9]* USDT notes over the limits' "$log" | head -1)
echo "many: $n notes registered, $over"
[ "$size" -le $((256 * 1024 + 512)) ] && echo "many: registry file within 256 KiB"
total=$(for p in "${mine[@]}"; do cat "$reg/$p"; done | wc -c)
[ "$total" -le $((21 * (256 * 1024 + 512) + 4096)) ] &&
    echo "many: 21 processes, registry within 21 * 256 KiB"
rss=$(awk '/^VmRSS/ { print $2 }' /proc/$pd_pid/status)
# (a sanitizer build's daemon carries its shadow memory and quarantine)
case ${BUILD_DIR##*/} in
build-san*) rsslim=131072 ;;
*) rsslim=32768 ;;
esac
[ "$rss" -lt "$rsslim" ] &&
    echo "many: daemon under its bound (32 MiB, 128 under a sanitizer)" ||
    echo "many: daemon at $rss kB"
echo "registry $total bytes, daemon $rss kB" >"$TMPDIR/measured"

# One process mapping five such files (distinct): its registry file
# holds four (1 MiB at most), the fifth is logged as left out.
for i in 1 2 3 4 5; do cp "$TMPDIR/many" "$TMPDIR/many$i"; done
"$E" map "$TMPDIR"/many[1-5] >/dev/null &
p=$!
pd_extra+=($p)
pd_wait "grep -q 'process $p: the probes of 1 file not registered' $log" &&
    echo "five files: one left out, logged"
pd_wait "[ -f $reg/$p ]"
echo "five files: $(grep -c '^object' "$reg/$p") in the registry file"
[ "$(stat -c %s "$reg/$p")" -le $((1024 * 1024)) ] &&
    echo "five files: registry file within 1 MiB"
kill $pd_pid "${pd_extra[@]}"
wait 2>/dev/null
pd_extra=()

# All registry files: at most TOTAL_BYTES (here 1200 KiB for the test),
# those of the processes of one uid a quarter of it (300 KiB): of two
# processes of uid 4242 mapping the 256 KiB file, the second is not
# registered, so that one user cannot fill the registry for all; three
# more of uids 4243-4245 are (1 MiB in all); a sixth, of uid 4246, would
# pass the total and is not.
pub=$(mktemp -d /tmp/dtlimits.XXXXXX)	# readable by the uids below
chmod 755 "$pub"
cp "$TMPDIR/many" "$pub/many"
chmod 644 "$pub/many"
trap 'pd_cleanup; rm -rf "$pub"' EXIT
DTPROBED_LIMIT_TOTAL=1228800 pd_start "$TMPDIR/reg2" "$log" || exit 1
ps=()
for u in 4242 4242 4243 4244 4245 4246; do
	setpriv --reuid=$u --regid=$u --clear-groups "$E" map "$pub/many" \
	    >/dev/null &
	ps+=($!)
	pd_extra+=($!)
	sleep 0.3
done
pd_wait "grep -q 'process ${ps[1]} is not registered: the registry files of uid 4242' $log" &&
    echo "owner: the second process of uid 4242 refused, logged"
pd_wait "grep -q 'process ${ps[5]} is not registered: the registry holds' $log" &&
    echo "total: the process past the total refused, logged"
regd=
for p in "${ps[@]}"; do
	[ -f "$TMPDIR/reg2/$p" ] && regd="$regd yes" || regd="$regd no"
done
echo "registered (uids 4242 4242 4243 4244 4245 4246):$regd"
