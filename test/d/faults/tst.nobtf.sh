# /sys/kernel/btf/vmlinux unreadable (an empty file bind-mounted over it
# in a private mount namespace): programs that use no kernel type still
# run, syscall probes included; a program using kernel types gets a clear
# error naming the file, exit 1.
touch $TMPDIR/nobtf.empty
unshare -m bash -s "$DTRACE" "$TMPDIR/nobtf.empty" <<'SH'
DTRACE=$1
mount --make-rprivate /
mount --bind "$2" /sys/kernel/btf/vmlinux || echo "cannot hide BTF"
$DTRACE -q -n 'syscall::write:entry /pid == $target/ { @n = count(); }
    END { printa("write calls: %@d\n", @n); }' -c 'dd if=/dev/zero of=/dev/null bs=1 count=100 status=none'
echo "exit $?"
$DTRACE -q -n 'BEGIN { printf("pid %d execname %s\n", pid > 0, execname); exit(0); }'
echo "exit $?"
$DTRACE -q -n 'BEGIN { printf("%d\n", curthread->pid); exit(0); }'
echo "kernel types: exit $?"
SH
rm -f $TMPDIR/nobtf.empty
