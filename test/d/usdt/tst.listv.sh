# dtrace -l -v on USDT probes: each probe's attributes and its argument
# types; a provider that declares no attributes has Private/Private/
# Unknown descriptions (its module and function are Private) and
# arguments, as DTrace lists them.
out=$(mktemp)
"$BUILD_DIR/testprog/usdttarget" loop >"$out" &
bg=$!
for i in $(seq 50); do [ -s "$out" ] && break; sleep 0.05; done
pid=$(head -1 "$out")
$DTRACE -l -v -n "dt_usdt$pid:::two" 2>/dev/null |
    sed -E "s/^ *[0-9]+ dt_usdt$pid/   ID dt_usdtPID/" | sed -n "1,/Argument Types/p"
echo "exit ${PIPESTATUS[0]}"
kill "$bg"
wait "$bg" 2>/dev/null
rm -f "$out"
