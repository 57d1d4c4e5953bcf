# tracefs not mounted (a private mount namespace, tracefs unmounted
# there): dtrace mounts it itself and traces.  tracefs impossible to mount
# (/sys/kernel hidden under a read-only tmpfs, BTF kept): what needs no
# tracefs still runs (BEGIN, profile, tick, kernel types, self->
# variables, whose cleanup is a raw tracepoint program), a description
# of the syscall provider gets a clear error naming it, exit 1.
unshare -m bash -s "$DTRACE" <<'SH'
DTRACE=$1
mount --make-rprivate /
umount /sys/kernel/tracing 2>/dev/null
grep -c ' /sys/kernel/tracing ' /proc/self/mounts | sed 's/^/tracefs mounts before: /'
$DTRACE -q -n 'syscall::write:entry /pid == $target/ { @n = count(); }
    END { printa("write calls: %@d\n", @n); }' -c 'dd if=/dev/zero of=/dev/null bs=1 count=100 status=none'
echo "exit $?"
grep -c ' /sys/kernel/tracing ' /proc/self/mounts | sed 's/^/tracefs mounts after: /'
SH
d=$TMPDIR/notfs.btf
mkdir -p $d
unshare -m bash -s "$DTRACE" "$d" <<'SH'
DTRACE=$1
mount --make-rprivate /
mount --bind /sys/kernel/btf "$2" && mount -t tmpfs none /sys/kernel &&
    mkdir /sys/kernel/btf && mount --move "$2" /sys/kernel/btf &&
    mount -o remount,ro /sys/kernel || echo "cannot hide tracefs"
$DTRACE -q -n 'BEGIN { printf("BEGIN runs, curthread->pid is right: %d\n", curthread->pid == pid); }
    profile-97 { @p = count(); } tick-10ms /++n == 20/ { exit(0); }
    END { printa("profile fired: %@d\n", @p); }' | sed -E 's/fired: [1-9][0-9]*$/fired: yes/'
echo "exit ${PIPESTATUS[0]}"
$DTRACE -q -n 'syscall::read:entry { @ = count(); }'
echo "syscall: exit $?"
$DTRACE -q -n 'BEGIN { self->x = 1; exit(0); }'
echo "self->: exit $?"
SH
rmdir $d
