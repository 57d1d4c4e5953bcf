# One user's slow files do not hold up another's, and a failed file is
# tried again.  Six files of an owner of their own (uid 4242) whose
# reader hangs (DTPROBED_FAULT_HANG, as a read from a hung file system
# would) are mapped by six processes; a file of root mapped right after
# them is registered at once (its reader runs beside theirs: at most 2
# readers per owner, 4 in all), each hanging reader is killed at its
# budget (1000 ms) and the file tried again later, with a doubling wait.
# Then a reader that crashes only the first time it reads libusdtlib.so
# (DTPROBED_FAULT_FIRST): usdttarget-lib is registered without the
# library's probes, then with them once the library is read again.
. ./lib.sh
reg=$TMPDIR/reg
log=$TMPDIR/pd.log
E=$BUILD_DIR/testprog/pdelf
$E make "$TMPDIR/victim" -n 1
for i in 1 2 3 4 5 6; do
	$E make "$TMPDIR/$i.slow" -n 1 -a $i
	chown 4242:4242 "$TMPDIR/$i.slow"
done
DTPROBED_FAULT_HANG='*.slow' pd_start "$reg" "$log" || exit 1
for i in 1 2 3 4 5 6; do
	"$E" map "$TMPDIR/$i.slow" >/dev/null &
	pd_extra+=($!)
done
sleep 0.2
t0=$(date +%s%N)
"$E" map "$TMPDIR/victim" >/dev/null &
p=$!
pd_extra+=($p)
pd_wait "[ -f $reg/$p ]"
ms=$((($(date +%s%N) - t0) / 1000000))
echo "victim registered in $ms ms" >"$TMPDIR/measured"
[ "$ms" -lt 500 ] && echo "victim: registered within 500 ms" ||
    echo "victim: registered in $ms ms"
killed="slow: .* took too long (over 1000 ms) (try 1, next in 1000 ms)"
pd_wait "[ \$(grep -c '$killed' $log) -eq 6 ]"
echo "slow: $(grep -c "$killed" "$log") readers killed at their budget"
pd_wait "grep -q '1.slow: .*(try 2, next in 2000 ms)' $log" &&
    echo "slow: tried again, next wait doubled"
kill $pd_pid
wait $pd_pid 2>/dev/null

DTPROBED_FAULT_CRASH=libusdtlib.so DTPROBED_FAULT_FIRST=1 \
    pd_start "$TMPDIR/reg2" "$log" || exit 1
"$BUILD_DIR/testprog/usdttarget-lib" loop >/dev/null &
p=$!
pd_extra+=($p)
pd_wait "grep -q 'libusdtlib.so: its USDT probes are not registered' $log"
pd_wait "[ -f $TMPDIR/reg2/$p ]"
echo "first: $(sed -n 's|^object .*/||p' "$TMPDIR/reg2/$p" | sort | tr '\n' ' ')"
pd_wait "grep -q 'libusdtlib.so$' $TMPDIR/reg2/$p" 
echo "retried: $(sed -n 's|^object .*/||p' "$TMPDIR/reg2/$p" | sort | tr '\n' ' ')"
