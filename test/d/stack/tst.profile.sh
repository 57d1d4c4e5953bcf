# stack() in a profile probe (a perf event): the stack of the interrupted
# kernel code, from its first frame (no frame of the tracing program).
# dd spends its time in the kernel reading /dev/zero.
$DTRACE -q -c 'dd if=/dev/zero of=/dev/null bs=1M count=3000 status=none' -n 'profile-997 /pid == $target/ { @[stack()] = count(); }' 2>&1 |
    awk -f "$(dirname "$0")/profile.awk"
