# args[] past a stapsdt note's arguments is out of range: dt_usdt:two has
# two arguments, args[2] is D_ARGS_IDX (the process id is masked).
$DTRACE -xerrtags -c "$BUILD_DIR/testprog/usdttarget 2" \
    -n 'dt_usdt$target:::two { trace(args[2]); }' 2>&1 |
    grep -v " is skipped" | sed -E "s/(dt_usdt|process )[0-9]+/\\1PID/g"
echo "rc=${PIPESTATUS[0]}"
