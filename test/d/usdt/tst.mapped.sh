# A process's file is read and attached as the process maps it, not as
# its path resolves later: another user may mount or link another file
# over the path at any moment.  Here the path of a running usdttarget is
# covered by a bind mount of usdtbad (in the process's mount namespace
# and in ours): dtrace still lists, and traces, usdttarget's probes,
# read from the mapping (/proc/PID/map_files) and attached through the
# same descriptor; each module is opened once.  Without the capabilities
# that map_files needs (CAP_SYS_ADMIN, CAP_CHECKPOINT_RESTORE), the path
# is opened and refused, as it is not the file the maps name.
dir=$(mktemp -d)
cp "$BUILD_DIR/testprog/usdttarget" "$dir/app"
cp "$BUILD_DIR/testprog/usdtbad" "$dir/other"
cleanup() {
	kill "$pid" 2>/dev/null
	umount "$dir/app" 2>/dev/null
	wait
	rm -rf "$dir"
}
trap cleanup EXIT
unshare -m --propagation private sh -c "\"$dir/app\" loop >\"$dir/out\" &
    for i in \$(seq 50); do [ -s \"$dir/out\" ] && break; sleep 0.05; done
    mount --bind \"$dir/other\" \"$dir/app\"; wait" &
for i in $(seq 100); do [ -s "$dir/out" ] && break; sleep 0.05; done
pid=$(head -1 "$dir/out")
sleep 0.2
mount --bind "$dir/other" "$dir/app"
cmp -s "$dir/app" "$dir/other" && echo "path covered"
nsenter -t "$pid" -m cmp -s "$dir/app" "$dir/other" &&
    echo "path covered in the process's namespace"
$DTRACE -l -n "dt_usdt$pid:::tick*" 2>/dev/null |
    awk 'NR > 1 { print $3, $4, $5 }'
echo "exit ${PIPESTATUS[0]}"
# (the leak checker of a sanitizer build cannot run under strace)
ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
    strace -f -e trace=openat -o "$dir/strace" $DTRACE -q -n "
dt_usdt$pid:::tick-now
{
	printf(\"%s %s\n\", probemod, probename);
	exit(0);
}" 2>/dev/null
echo "exit $?"
nmap=$(grep -c 'map_files/[0-9a-f-]*", O_RDONLY.* = [0-9]' "$dir/strace")
nfile=$(grep -c 'r-xp.*/' /proc/$pid/maps)
echo "each mapped file opened once by its mapping: $([ "$nmap" = "$nfile" ] &&
    echo yes || echo "no: $nmap opens, $nfile files")"
echo "opened by path: $(grep -c '/app"' "$dir/strace")"
setpriv --inh-caps=-sys_admin,-checkpoint_restore \
    --bounding-set=-sys_admin,-checkpoint_restore \
    $DTRACE -l -n "dt_usdt$pid:::tick*" 2>&1 | sed -e "s|$dir|DIR|" \
    -e "s/process $pid/process PID/" -e "s/dt_usdt$pid/dt_usdtPID/g"
echo "exit ${PIPESTATUS[0]}"
