# -l -v: each probe's argument types after its line, as DTrace prints
# them: typed from the event format (syscall), translated types (proc,
# sched), a user string (proc:::exec), none (BEGIN).  Probe IDs masked.
$DTRACE -lv -n syscall::openat:entry -n syscall::openat:return -n BEGIN \
    -n proc:::exec -n proc:::create -n sched:::off-cpu |
    sed -E 's/^ *[0-9]+ /  ID /'
echo "rc=$?"
