# A function that does not exist: DTrace's D_PDESC_ZERO, exit 1.
$DTRACE -xerrtags -c "$BUILD_DIR/testprog/pidtarget 1" \
    -n 'pid$target:a.out:nosuchfunction:entry { }' 2>&1 |
    sed -E '1s/pid[0-9]+/pidN/g' | head -1
echo "exit ${PIPESTATUS[0]}"
# nor does a module
$DTRACE -xerrtags -c "$BUILD_DIR/testprog/pidtarget 1" \
    -n 'pid$target:libnosuch.so:dt_pt_add:entry { }' 2>&1 |
    sed -E '1s/pid[0-9]+/pidN/g' | head -1
echo "exit ${PIPESTATUS[0]}"
