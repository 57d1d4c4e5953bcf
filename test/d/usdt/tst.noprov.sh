# A USDT provider the process does not have, a probe its provider does
# not have, a process that does not exist: D_PDESC_ZERO, exit 1.
$DTRACE -xerrtags -c "$BUILD_DIR/testprog/usdttarget 1" \
    -n 'dt_nosuch$target:::zero { }' 2>&1 | grep -v 'is skipped' | head -1 |
    sed -E 's/[0-9]+:::/PID:::/'
echo "exit ${PIPESTATUS[0]}"
$DTRACE -xerrtags -c "$BUILD_DIR/testprog/usdttarget 1" \
    -n 'dt_usdt$target:::nosuch { }' 2>&1 | grep -v 'is skipped' | head -1 |
    sed -E 's/[0-9]+:::/PID:::/'
echo "exit ${PIPESTATUS[0]}"
$DTRACE -xerrtags -n 'dt_usdt2147483647:::zero { }' 2>&1 | head -1
echo "exit ${PIPESTATUS[0]}"
# with -Z a description that matches nothing is allowed
$DTRACE -Z -q -c "$BUILD_DIR/testprog/usdttarget 2" \
    -n 'dt_nosuch$target:::zero { } dt_usdt$target:::zero { n++; }
    END { printf("zero fired %d times\n", n); }'
echo "exit $?"
