# A description naming one function and no probe name (pid$pid:a.out:
# dt_pt_mul:) has its entry, its return and a probe at each of its
# instructions, named by the offset in hex: the same offsets as objdump
# gives.  A function glob gets no offset probes (list.out).
bin="$BUILD_DIR/testprog/pidtarget"
out=$(mktemp)
"$bin" loop >"$out" &
bg=$!
for i in $(seq 50); do [ -s "$out" ] && break; sleep 0.05; done
pid=$(cat "$out")
addrs=$(objdump -d --no-show-raw-insn "$bin" | awk '
    /<dt_pt_mul>:$/ { f = 1; next }
    f && !/^ +[0-9a-f]+:/ { exit }
    f { sub(":", "", $1); print $1 }')
start=$(echo "$addrs" | head -1)
want=$(for a in $addrs; do printf '%x\n' $((0x$a - 0x$start)); done)
list=$($DTRACE -l -n "pid$pid:a.out:dt_pt_mul:")
echo "exit $?"
echo "$list" | awk 'NR > 1 { print $5 }' | grep -vE '^(entry|return)$' \
    >"$out.got"
echo "$list" | awk 'NR > 1 { print $2, $3, $4 }' | sort -u |
    sed -E "s/pid$pid/pidN/"
echo "$list" | awk 'NR > 1 { print $5 }' | grep -cE '^(entry|return)$'
if [ "$want" = "$(cat "$out.got")" ] && [ -n "$want" ]; then
	echo "offsets as objdump gives them"
else
	echo "offsets differ: objdump" $want "dtrace" $(cat "$out.got")
fi
# the same offset named again is the same probe (one id)
$DTRACE -l -n "pid$pid:a.out:dt_pt_mul:0" -n "pid$pid:a.out:dt_pt_mul:0" |
    awk 'NR > 1 { print $1 }' | sort -u | wc -l
kill "$bg"
wait "$bg" 2>/dev/null
rm -f "$out" "$out.got"
