# -l -v: each probe's stability attributes and argument types after its
# line, as DTrace prints them: attributes of its provider's fields that
# its name has (BEGIN has no module or function: Stable), types from the
# event format (syscall), translated types (proc, sched), a user string
# (proc:::exec), none (BEGIN).  Probe IDs masked.
$DTRACE -lv -n syscall::openat:entry -n syscall::openat:return -n BEGIN \
    -n proc:::exec -n proc:::create -n sched:::off-cpu |
    sed -E 's/^ *[0-9]+ /  ID /'
echo "rc=$?"
