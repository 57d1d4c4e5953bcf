# SIGKILL leaves nothing behind: every attachment is owned by a descriptor.
$DTRACE -q -n 'syscall::read:entry { n++; } tick-1ms { m++; } profile-97 { k++; }' >/dev/null 2>&1 &
p=$!
sleep 0.5
bpftool prog show | grep -c ' name dt_' | awk '{ print ($1 >= 3) ? "programs loaded" : "programs missing: " $1 }'
kill -KILL $p
wait $p 2>/dev/null
bash "$BUILD_DIR/../test/leaks" && echo "nothing left"
