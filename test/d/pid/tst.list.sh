# dtrace -l lists the probes a pid description creates: provider pidN,
# module the file's basename, one probe per function and name.
out=$(mktemp)
"$BUILD_DIR/testprog/pidtarget" loop >"$out" &
bg=$!
for i in $(seq 50); do [ -s "$out" ] && break; sleep 0.05; done
pid=$(cat "$out")
$DTRACE -l -n "pid$pid:a.out:dt_pt_*:" | sed -E "s/pid$pid/pidN/" |
    awk '{ print $2, $3, $4, $5 }'
echo "exit ${PIPESTATUS[0]}"
kill "$bg"
wait "$bg" 2>/dev/null
rm -f "$out"
