# dtrace -l lists the USDT probes of a process (one given by its pid in
# the provider name, not grabbed; then $target with -p and -c): provider
# dt_usdtPID, module the file's basename, the function holding each site,
# names with "-".
out=$(mktemp)
"$BUILD_DIR/testprog/usdttarget" loop >"$out" &
bg=$!
for i in $(seq 50); do [ -s "$out" ] && break; sleep 0.05; done
pid=$(head -1 "$out")
$DTRACE -l -n "dt_usdt$pid:::t*" | sed -E "s/dt_usdt$pid/dt_usdtPID/" |
    awk '{ print $2, $3, $4, $5 }'
echo "exit ${PIPESTATUS[0]}"
# every probe of the provider; dt_usdt:global has an argument spec not
# understood: a warning, and no probe
err=$(mktemp)
$DTRACE -l -P "dt_usdt$pid" 2>"$err" | sed -E "s/dt_usdt$pid/dt_usdtPID/" |
    awk '{ print $2, $3, $4, $5 }' | sort
echo "exit ${PIPESTATUS[0]}"
sed "s|$BUILD_DIR|BUILD|" "$err"
rm -f "$err"
# -p and -c with $target: the process grabbed or created (never run)
$DTRACE -l -P 'dt_usdt$target' -p "$pid" 2>/dev/null |
    sed -E "s/dt_usdt$pid/dt_usdtPID/" | awk '{ print $2, $3, $4, $5 }' |
    grep -c dt_usdtPID
echo "exit ${PIPESTATUS[0]}"
$DTRACE -l -n 'dt_usdt$target:::t*' -c "$BUILD_DIR/testprog/usdttarget 1" \
    2>/dev/null | sed -E "s/dt_usdt[0-9]+/dt_usdtPID/" |
    awk '{ print $2, $3, $4, $5 }'
echo "exit ${PIPESTATUS[0]}"
kill "$bg"
wait "$bg" 2>/dev/null
rm -f "$out"
